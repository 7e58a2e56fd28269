import { CLIENT_ERROR_PLATFORM_RATE, CLIENT_ERROR_RATE } from '@shared/public-pages';
import type { RateLimits } from '../../data/rate-limits';
import { reportClientError } from './public-pages';

/** In-memory counters with the rate-limit module's contract (the route's own test runs on the real table). */
function counters(): RateLimits & { keys: string[] } {
  const counts = new Map<string, number>();
  const keys: string[] = [];
  return {
    keys,
    async hit(scope, key, rule) {
      const id = `${scope}#${key}`;
      keys.push(id);
      const n = (counts.get(id) ?? 0) + 1;
      counts.set(id, n);
      return n <= rule.limit ? { allowed: true } : { allowed: false, retryAfterSeconds: 60 };
    },
  } as RateLimits & { keys: string[] };
}

const report = (message: string) => ({
  message,
  route: '/charity/pages',
  release: 'r1',
  kind: 'route' as const,
});

describe('reportClientError', () => {
  it('logs the text masked and flattened, one line per report', async () => {
    const lines: Record<string, unknown>[] = [];
    await reportClientError(
      { rateLimits: counters(), clock: { now: () => new Date() }, error: (_m, extra) => lines.push(extra) },
      report('failed for bob@example.org\ncode 654321 token eyJabc.def.ghi'),
      '203.0.113.9',
    );
    expect(lines).toHaveLength(1);
    expect((lines[0]?.clientError as { message?: string } | undefined)?.message).toBe(
      'failed for b••@e••••••.org code [number] token [token]',
    );
  });

  it('stops at the platform-wide cap whatever the addresses', async () => {
    const rates = counters();
    const deps = { rateLimits: rates, clock: { now: () => new Date() }, error: () => undefined };
    const total = CLIENT_ERROR_PLATFORM_RATE.limit + 5;
    const answers: string[] = [];
    for (let i = 0; i < total; i++) {
      answers.push(
        await reportClientError(deps, report('x'), `198.51.${Math.floor(i / 250)}.${i % 250}`).then(
          () => 'ok',
          (error: Error) => error.name,
        ),
      );
    }
    expect(answers.filter((a) => a === 'ok')).toHaveLength(CLIENT_ERROR_PLATFORM_RATE.limit);
    expect(CLIENT_ERROR_RATE.limit).toBeLessThan(CLIENT_ERROR_PLATFORM_RATE.limit);
    expect(new Set(rates.keys.map((k) => k.split('#')[0]))).toEqual(new Set(['CLIENT_ERROR']));
  });
});
