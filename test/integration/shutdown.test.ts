import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_PORTS } from '../../infra/local/settings';
import { freePortOffset } from '../support/local-cloud-process';

const ROOT = resolve(__dirname, '..', '..');

function portFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const probe = net.createServer();
    probe.once('error', () => done(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => done(true)));
  });
}

/**
 * Starts the local cloud as `npm start` runs it (`tsx infra/local/start.ts`), as the leader of its own process
 * group, the way a terminal runs a foreground job; resolves once it prints its ready line.
 */
async function start(stateDir: string, offset: number): Promise<ChildProcess> {
  const child = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), [join(ROOT, 'infra/local/start.ts')], {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, LOCAL_STATE_DIR: stateDir, LOCAL_PORT_OFFSET: String(offset), LOCAL_QUIET: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`no ready line in 90 s:\n${output}`)), 90_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is running locally')) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`exited with ${code}:\n${output}`));
    });
  });
  child.stdout?.resume();
  child.stderr?.resume();
  return child;
}

/** Milliseconds until every port of the cloud is free (gives up after `limit`). */
async function timeUntilPortsFree(offset: number, limit: number): Promise<number> {
  const started = Date.now();
  const ports = Object.values(DEFAULT_PORTS).map((p) => p + offset);
  while (Date.now() - started < limit) {
    const free = await Promise.all(ports.map(portFree));
    if (free.every(Boolean)) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  return Number.POSITIVE_INFINITY;
}

/** Whether any process of the group is still alive. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('stopping `npm start`', () => {
  const stateDir = mkdtempSync(join(tmpdir(), 'kindred-shutdown-'));
  const started: ChildProcess[] = [];
  afterAll(() => {
    for (const child of started) if (child.pid && groupAlive(child.pid)) process.kill(-child.pid, 'SIGKILL');
    rmSync(stateDir, { recursive: true, force: true });
  });

  it.each([
    ['SIGINT', 'Ctrl+C'],
    ['SIGTERM', 'a SIGTERM'],
  ] as const)(
    'frees every port within 5 s after %s to the process group (%s), and starts again',
    async (signal, _label) => {
      const offset = await freePortOffset(400);
      const first = await start(stateDir, offset);
      started.push(first);
      process.kill(-(first.pid as number), signal);
      const freed = await timeUntilPortsFree(offset, 5000);
      expect(freed).toBeLessThan(5000);
      // Nothing of the group (DynamoDB Local's Java included) is left running.
      const deadline = Date.now() + 5000;
      while (groupAlive(first.pid as number) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      expect(groupAlive(first.pid as number)).toBe(false);

      // A second start right after succeeds (and reuses the state).
      const second = await start(stateDir, offset);
      started.push(second);
      const health = await fetch(`http://localhost:${DEFAULT_PORTS.app + offset}/api/health`);
      expect(health.status).toBe(200);
      process.kill(-(second.pid as number), signal);
      expect(await timeUntilPortsFree(offset, 5000)).toBeLessThan(5000);
    },
    180_000,
  );
});
