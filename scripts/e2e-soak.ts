/**
 * Runs browser journeys again and again on a slowed machine, to find the ones that pass only by luck:
 *
 *   npm run test:e2e:soak -- <file|all> [times] [--throttle N] [--no-busy]
 *
 * Each run is a fresh `jest --selectProjects e2e --runInBand <file>` (its own local cloud), with every page's
 * CPU slowed N times (DevTools' `Emulation.setCPUThrottlingRate`, default 4) and, unless `--no-busy`, a busy
 * loop holding one core. `all` soaks every file in test/e2e in turn. A run's output goes to
 * `.soak/<file>-<run>.log` as it comes and is kept when the run fails; the exit code is 1 when any run failed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const E2E_DIR = join(ROOT, 'test', 'e2e');
const LOG_DIR = join(ROOT, '.soak');

interface Options {
  files: string[];
  times: number;
  throttle: number;
  busy: boolean;
}

function usage(message: string): never {
  console.error(`${message}\nUsage: npm run test:e2e:soak -- <file|all> [times] [--throttle N] [--no-busy]`);
  process.exit(2);
}

function parse(args: string[]): Options {
  const positional: string[] = [];
  let throttle = 4;
  let busy = true;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    if (arg === '--no-busy') busy = false;
    else if (arg === '--throttle') throttle = Number(args[++i]);
    else positional.push(arg);
  }
  const [target, times = '10'] = positional;
  if (!target) usage('Which journey file?');
  if (!Number.isInteger(Number(times)) || Number(times) < 1) usage(`Not a number of runs: ${times}`);
  if (!Number.isFinite(throttle) || throttle < 1) usage('--throttle takes a number of 1 or more');
  const all = readdirSync(E2E_DIR)
    .filter((name) => name.endsWith('.test.ts'))
    .sort();
  const files =
    target === 'all'
      ? all.map((name) => join('test', 'e2e', name))
      : [
          all.includes(basename(target))
            ? join('test', 'e2e', basename(target))
            : usage(`No journey file ${target}`),
        ];
  return { files, times: Number(times), throttle, busy };
}

/** A process that keeps one core busy until it is killed. */
function busyLoop(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
}

/** The run under way: a stopped soak stops it too. */
let current: ChildProcess | undefined;

/** One run of the file; its output goes to `log` as it comes (`tail -f` shows a slow run's progress). */
function runOnce(
  file: string,
  throttle: number,
  log: string,
): Promise<{ ok: boolean; output: string; seconds: number }> {
  const started = Date.now();
  const out = createWriteStream(log);
  return new Promise((done) => {
    const child = spawn(
      process.execPath,
      [
        join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'),
        '--selectProjects',
        'e2e',
        '--runInBand',
        '--verbose',
        file,
      ],
      {
        cwd: ROOT,
        env: { ...process.env, E2E_CPU_THROTTLE: String(throttle) },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    current = child;
    let output = '';
    const keep = (chunk: Buffer) => {
      output += chunk;
      out.write(chunk);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('close', (code) =>
      out.end(() => done({ ok: code === 0, output, seconds: (Date.now() - started) / 1000 })),
    );
  });
}

/** The names of the failing tests in jest's output. */
const failures = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.includes('●') && !line.includes('Console'))
    .map((line) => line.trim())
    .filter((line, index, lines) => lines.indexOf(line) === index);

async function main(): Promise<void> {
  const { files, times, throttle, busy } = parse(process.argv.slice(2));
  mkdirSync(LOG_DIR, { recursive: true });
  const loop = busy ? busyLoop() : undefined;
  const stop = () => loop?.kill('SIGKILL');
  process.on('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      current?.kill(signal);
      if (current?.exitCode === null) current.on('close', () => process.exit(130));
      else process.exit(130);
    });
  console.log(
    `Soak: ${files.length} file(s) x ${times}, CPU throttled ${throttle}x${busy ? ', one core busy' : ''}`,
  );
  const red: string[] = [];
  for (const file of files) {
    for (let run = 1; run <= times; run += 1) {
      const log = join(LOG_DIR, `${basename(file, '.test.ts')}-${run}.log`);
      const { ok, output, seconds } = await runOnce(file, throttle, log);
      const label = `${basename(file)} run ${run}/${times}`;
      if (ok) {
        rmSync(log);
        console.log(`  pass  ${label} (${seconds.toFixed(0)} s)`);
        continue;
      }
      red.push(label);
      console.log(`  FAIL  ${label} (${seconds.toFixed(0)} s), output in ${log}`);
      for (const line of failures(output)) console.log(`        ${line}`);
    }
  }
  console.log(red.length ? `${red.length} failed run(s):\n  ${red.join('\n  ')}` : 'Every run passed.');
  // The busy loop's handle would keep this process (and the loop) alive: stop it and leave.
  stop();
  process.exit(red.length ? 1 : 0);
}

void main();
