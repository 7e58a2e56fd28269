import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePortOffset, spawnLocalCloud } from '../support/local-cloud-process';

const ROOT = resolve(__dirname, '..', '..');

describe('local cloud state', () => {
  const stateDir = mkdtempSync(join(tmpdir(), 'kindred-restart-'));
  afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

  it('creates everything on first start and reuses it on the next', async () => {
    const portOffset = await freePortOffset(200);
    const first = await spawnLocalCloud({ portOffset, stateDir });
    const firstIds = first.info.runtimeConfig;
    expect(first.info.firstStart).toBe(true);
    await first.stop();

    const second = await spawnLocalCloud({ portOffset, stateDir });
    try {
      expect(second.info.firstStart).toBe(false);
      expect(second.info.runtimeConfig.charityClientId).toBe(firstIds.charityClientId);
      expect(second.info.runtimeConfig.donorClientId).toBe(firstIds.donorClientId);
      const health = await fetch(`${second.info.appUrl}/api/health`);
      expect(health.status).toBe(200);
    } finally {
      await second.stop();
    }
  }, 120_000);

  it('`npm run reset` wipes the state directory', () => {
    expect(existsSync(stateDir)).toBe(true);
    const out = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'infra/local/reset.ts')], {
      cwd: ROOT,
      env: { ...process.env, LOCAL_STATE_DIR: stateDir },
      encoding: 'utf8',
    });
    expect(out.status).toBe(0);
    expect(existsSync(stateDir)).toBe(false);
  });

  it('says what to install when Java is missing', async () => {
    const offset = await freePortOffset(300);
    const out = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'infra/local/start.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        PATH: '/nonexistent',
        LOCAL_STATE_DIR: join(stateDir, 'java'),
        LOCAL_PORT_OFFSET: String(offset),
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(out.status).toBe(1);
    expect(out.stderr).toContain('DynamoDB Local needs Java 17 or newer');
    expect(out.stderr).toContain('apt-get install -y openjdk-17-jre-headless');
  });

  it('refuses to start when a port it needs is taken, instead of talking to whatever holds it', async () => {
    const offset = await freePortOffset(300);
    const squatter = net.createServer().listen(8000 + offset, '127.0.0.1');
    await new Promise((r) => squatter.once('listening', r));
    try {
      const out = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'infra/local/start.ts')], {
        cwd: ROOT,
        env: { ...process.env, LOCAL_STATE_DIR: join(stateDir, 'busy'), LOCAL_PORT_OFFSET: String(offset) },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(out.status).toBe(1);
      expect(out.stderr).toContain(
        `A port the local cloud needs is taken: port ${8000 + offset} (DynamoDB Local) is in use`,
      );
    } finally {
      squatter.close();
    }
  });
});
