import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePortOffset, spawnLocalCloud } from './local-cloud-process';

declare global {
  var __localCloudStop: (() => Promise<void>) | undefined;
}

/** Ports used by the test cloud: default ports + this (or + 1000 steps when taken), beside a developer's `npm start`. */
export const TEST_PORT_OFFSET = 100;

/**
 * Starts one local cloud for the whole run; workers read its details from LOCAL_CLOUD, with the run's claims
 * directory (registration numbers handed to tests, `numbers.ts`).
 */
export default async function globalSetup(): Promise<void> {
  if (globalThis.__localCloudStop) return;
  // Markers written by fixtures reach the finder's in-memory list within a second.
  process.env.ON_PLATFORM_REFRESH_SECONDS ??= '1';
  const { info, stop } = await spawnLocalCloud({ portOffset: await freePortOffset(TEST_PORT_OFFSET) });
  const claimsDir = mkdtempSync(join(tmpdir(), 'kindred-claims-'));
  globalThis.__localCloudStop = async () => {
    await stop();
    rmSync(claimsDir, { recursive: true, force: true });
  };
  process.env.LOCAL_CLOUD = JSON.stringify({ ...info, claimsDir });
}
