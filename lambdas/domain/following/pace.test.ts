import { pacer } from './pace';

/**
 * Runs `count` paced sends on a fake clock: each send is the pacer's wait, then the send itself taking
 * `sendMs(i)` of the clock. Answers when each send went (the clock when the pacer let it go).
 */
async function run(perSecond: number, count: number, sendMs: (i: number) => number): Promise<number[]> {
  let clock = 0;
  const pace = pacer(perSecond, {
    now: () => clock,
    sleep: async (ms) => {
      clock += ms;
    },
  });
  const went: number[] = [];
  for (let i = 0; i < count; i++) {
    await pace();
    went.push(clock);
    clock += sendMs(i);
  }
  return went;
}

/** The most sends that went within any one second (a window of 1,000 ms, its end left out). */
function mostInOneSecond(went: number[]): number {
  let most = 0;
  for (let i = 0; i < went.length; i++) {
    let j = i;
    while (j < went.length && (went[j] as number) < (went[i] as number) + 1000) j++;
    most = Math.max(most, j - i);
  }
  return most;
}

describe('the follow-mail pacer', () => {
  it('keeps the configured average rate when some sends take longer than a slot (a missed slot is made up)', async () => {
    // 10 a second: 100 ms slots; sends take 150 ms and 20 ms in turn (85 ms on average, within the rate).
    const went = await run(10, 200, (i) => (i % 2 === 0 ? 150 : 20));
    // Send n goes at its slot, start + n / rate, or just after: 200 sends in 20 s, not 25 s (150 + 100 per pair).
    expect(went[199]).toBeLessThanOrEqual(19_900 + 100);
    expect(199 / (((went[199] as number) - (went[0] as number)) / 1000)).toBeGreaterThanOrEqual(9.9);
    // Never early: send n never goes before its slot.
    went.forEach((t, n) => {
      expect(t).toBeGreaterThanOrEqual(n * 100);
    });
    expect(mostInOneSecond(went)).toBeLessThanOrEqual(10);
  });

  it('catches up by not sleeping, but never sends more than the rate in any one second', async () => {
    // Instant sends, but send 30 stalls 900 ms: 9 slots are missed.
    const went = await run(10, 100, (i) => (i === 30 ? 900 : 0));
    expect(mostInOneSecond(went)).toBeLessThanOrEqual(10);
    // The missed slots are made up: 100 sends by 10 s after the first (old pacer: 10.8 s).
    expect(went[99]).toBeLessThanOrEqual(9_900);
  });

  it('starts afresh after an idle spell rather than owing a burst', async () => {
    // Ten sends, then nothing for a minute (a container between jobs), then ten more.
    const went = await run(10, 20, (i) => (i === 9 ? 60_000 : 0));
    const after = went.slice(10);
    expect(mostInOneSecond(went)).toBeLessThanOrEqual(10);
    // The second job is spaced at the rate from its first send, not sent all at once.
    after.forEach((t, k) => {
      expect(t).toBe((after[0] as number) + k * 100);
    });
  });

  it('holds a fractional rate on average (a worker’s share), at most its next whole number in a second', async () => {
    // 17 a second over two workers: 8.5 each.
    const went = await run(8.5, 171, (i) => (i % 3 === 0 ? 200 : 10));
    expect(mostInOneSecond(went)).toBeLessThanOrEqual(9);
    expect(170 / (((went[170] as number) - (went[0] as number)) / 1000)).toBeGreaterThanOrEqual(8.45);
  });
});
