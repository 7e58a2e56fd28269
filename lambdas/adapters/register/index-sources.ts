import { open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { s3Client } from '../s3-client';
import { CURRENT_FILE, DETAILS_FILE, INDEX_FILE, type IndexSource } from './extract-register';

/** The pointer file naming the current version folder. */
export interface CurrentPointer {
  version: string;
}

/** Index files in a local folder (the local cloud keeps them under `.local/register`). */
export function folderIndexSource(dir: string): IndexSource {
  return {
    async open() {
      const { version } = JSON.parse(await readFile(join(dir, CURRENT_FILE), 'utf8')) as CurrentPointer;
      const folder = join(dir, version);
      return {
        index: await readFile(join(folder, INDEX_FILE)),
        async readDetails(offset, length) {
          const file = await open(join(folder, DETAILS_FILE), 'r');
          try {
            const out = Buffer.alloc(length);
            await file.read(out, 0, length, offset);
            return out;
          } finally {
            await file.close();
          }
        },
      };
    },
  };
}

type Body = { transformToByteArray(): Promise<Uint8Array> };

/** Index files in S3, written by the register refresh job; details are read with ranged GETs. */
export function s3IndexSource(bucket: string, prefix: string, client: S3Client = s3Client()): IndexSource {
  const key = (...parts: string[]) => [prefix.replace(/\/+$/, ''), ...parts].filter(Boolean).join('/');
  const get = async (Key: string, Range?: string) =>
    (await client.send(new GetObjectCommand({ Bucket: bucket, Key, Range }))).Body as Body;
  return {
    async open() {
      const pointer = JSON.parse(
        new TextDecoder().decode(await (await get(key(CURRENT_FILE))).transformToByteArray()),
      ) as CurrentPointer;
      return {
        index: await (await get(key(pointer.version, INDEX_FILE))).transformToByteArray(),
        readDetails: async (offset, length) =>
          (
            await get(key(pointer.version, DETAILS_FILE), `bytes=${offset}-${offset + length - 1}`)
          ).transformToByteArray(),
      };
    },
  };
}
