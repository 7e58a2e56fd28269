import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildIndex } from './build-index';
import { CURRENT_FILE, DETAILS_FILE, INDEX_FILE, META_FILE } from './extract-register';
import { type ImportStats, importExtract } from './import-extract';
import { serializeIndex } from './index-format';

export interface BuiltRegister {
  index: Buffer;
  details: Buffer;
  meta: ImportStats & { builtAt: string; indexBytes: number; detailsBytes: number };
}

/** Imports an extract folder and builds the index and details files in memory. */
export async function buildRegisterFromExtract(dir: string, now = new Date()): Promise<BuiltRegister> {
  const { charities, stats } = await importExtract(dir);
  const builtAt = now.toISOString();
  const built = buildIndex(charities, { extractDate: stats.extractDate, builtAt });
  const index = serializeIndex(built.index);
  return {
    index,
    details: built.details,
    meta: { ...stats, builtAt, indexBytes: index.length, detailsBytes: built.details.length },
  };
}

/** Version folder name of a build: its time, sortable. */
export const versionOf = (built: BuiltRegister) => built.meta.builtAt.replace(/[:.]/g, '-');

/** The files of one version, by name. */
export function registerFiles(built: BuiltRegister): [string, Buffer | string][] {
  return [
    [DETAILS_FILE, built.details],
    [INDEX_FILE, built.index],
    [META_FILE, `${JSON.stringify(built.meta, null, 2)}\n`],
  ];
}

/**
 * Writes a new version folder under `outDir`, then points `current.json` at it (written beside and
 * renamed, so a reader never sees half a pointer), then removes versions older than the previous one.
 */
export async function writeRegisterFiles(outDir: string, built: BuiltRegister): Promise<string> {
  const version = versionOf(built);
  const folder = join(outDir, version);
  await mkdir(folder, { recursive: true });
  for (const [name, body] of registerFiles(built)) await writeFile(join(folder, name), body);
  const tmp = join(outDir, `.${CURRENT_FILE}.tmp`);
  await writeFile(tmp, `${JSON.stringify({ version })}\n`);
  await rename(tmp, join(outDir, CURRENT_FILE));
  const versions = (await readdir(outDir, { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  // Keep the new version and the one before (a running process may still read it).
  for (const old of versions.slice(0, -2)) await rm(join(outDir, old), { recursive: true, force: true });
  return version;
}
