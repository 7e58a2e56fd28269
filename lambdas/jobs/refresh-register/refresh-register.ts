import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BuiltRegister, buildRegisterFromExtract } from '../../adapters/register/write-index';

export interface RefreshDeps {
  /** Downloads the extract tables into a folder; returns the files fetched. */
  download(dir: string): Promise<string[]>;
  /** Installs a built register where the functions read it (S3 in AWS, a folder locally). */
  publish(built: BuiltRegister): Promise<string>;
  clock: { now(): Date };
}

/**
 * The daily register refresh: download the Commission's extract, build the index, publish it. The
 * search and details functions pick the new version up at their next cold start.
 */
export async function refreshRegister(deps: RefreshDeps) {
  const dir = await mkdtemp(join(tmpdir(), 'register-extract-'));
  try {
    const files = await deps.download(dir);
    const built = await buildRegisterFromExtract(dir, deps.clock.now());
    const version = await deps.publish(built);
    const extractTime = Date.parse(String(built.meta.extractDate ?? ''));
    const ageHours = Number.isFinite(extractTime)
      ? Math.max(0, Math.round((deps.clock.now().getTime() - extractTime) / 36e5))
      : undefined;
    const { registeredMain, rows, unknownClassifications, unknownClassificationCodes } = built.meta;
    // Codes not on the causes list are ignored; counted here so a new Commission code is noticed.
    return {
      version,
      files,
      registeredMain,
      rows,
      unknownClassifications,
      unknownClassificationCodes,
      ageHours,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
