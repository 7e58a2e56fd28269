import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_PORTS } from '../../infra/local/settings';

export interface CloudInfo {
  appUrl: string;
  /** The gateway without the origin (execute-api): requests there lack the origin secret. */
  apiUrl: string;
  mailboxUrl: string;
  /** The local Stripe and this install's secret key (its `/_local/*` switches need it). */
  stripe: { url: string; secretKey: string };
  env: Record<string, string>;
  runtimeConfig: Record<string, string>;
  /** Set by the tests' global setup: where `numbers.ts` claims registration numbers for the run. */
  claimsDir?: string;
}

const ROOT = resolve(__dirname, '..', '..');

/**
 * Starts `infra/local/start.ts` as its own process, the way `npm start` runs it, on shifted ports and a
 * throwaway state directory, and resolves with what it printed on its ready line.
 */
export async function spawnLocalCloud(opts: {
  portOffset: number;
  /** Keep state here (and keep it after stop); a throwaway directory otherwise. */
  stateDir?: string;
}): Promise<{
  info: CloudInfo & { firstStart: boolean };
  stop: () => Promise<void>;
  /** The cloud process (it runs every function in-process): the donations bench samples its memory. */
  pid?: number;
}> {
  const stateDir = opts.stateDir ?? mkdtempSync(join(tmpdir(), 'kindred-cloud-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'infra/local/start.ts')],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        LOCAL_STATE_DIR: stateDir,
        LOCAL_PORT_OFFSET: String(opts.portOffset),
        LOCAL_READY_LINE: '1',
        LOCAL_QUIET: '1',
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'WARN',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const info = await new Promise<CloudInfo & { firstStart: boolean }>((resolvePromise, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`local cloud did not start in 90 s:\n${output}`)),
      90_000,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith('LOCAL_CLOUD_READY '));
      if (line) {
        clearTimeout(timer);
        resolvePromise(JSON.parse(line.slice('LOCAL_CLOUD_READY '.length)));
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (process.env.LOCAL_CLOUD_DEBUG) process.stderr.write(chunk);
    });
    // 'close' (not 'exit'): by then everything the child wrote has been read.
    child.once('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`local cloud exited with ${code}:\n${output}`));
    });
  });
  // Keep draining so a chatty child never blocks on a full pipe.
  child.stdout?.resume();
  const stop = async () => {
    if (child.exitCode === null) {
      await new Promise<void>((r) => {
        child.once('exit', () => r());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      });
    }
    if (!opts.stateDir) rmSync(stateDir, { recursive: true, force: true });
  };
  return { info, stop, pid: child.pid };
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const probe = net.createServer();
    probe.once('error', () => resolvePromise(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolvePromise(true)));
  });
}

/** Ports the Fetch standard blocks (https://fetch.spec.whatwg.org/#port-blocking), above 1024. */
export const FETCH_BLOCKED_PORTS = new Set([
  1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697,
  10080,
]);

/**
 * The first port offset, from `preferred` in steps of 1000, whose ports are all free: test runs (CI, a
 * developer's `npm start`, parallel runs) never collide.
 */
export async function freePortOffset(preferred: number): Promise<number> {
  for (let offset = preferred; offset < preferred + 20_000; offset += 1000) {
    // Browsers and fetch refuse some ports outright ("bad port"): the app and S3 must be reachable from both.
    if (Object.values(DEFAULT_PORTS).some((p) => FETCH_BLOCKED_PORTS.has(p + offset))) continue;
    const checks = await Promise.all(Object.values(DEFAULT_PORTS).map((p) => portFree(p + offset)));
    if (checks.every(Boolean)) return offset;
  }
  throw new Error('No free ports for a local cloud');
}

/**
 * Points the test kit (`cloud()`, `numbers.ts`) at a cloud started outside jest (the benchmarks): its details in
 * `LOCAL_CLOUD`, with a fresh directory where registration numbers are claimed.
 */
export function pointTestKitAt(info: CloudInfo): void {
  const claimsDir = mkdtempSync(join(tmpdir(), 'kindred-claims-'));
  process.env.LOCAL_CLOUD = JSON.stringify({ ...info, claimsDir });
}
