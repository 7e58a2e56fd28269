import { withRetries } from './seed-data';

describe('withRetries (the deploy-time seed)', () => {
  it('retries a failing step with doubling waits, then returns its result', async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await withRetries(
      async () => {
        calls++;
        if (calls < 3) throw new Error(`refused ${calls}`);
        return 'seeded';
      },
      { attempts: 5, baseDelayMs: 100, sleep: async (ms) => void waits.push(ms) },
    );
    expect(result).toBe('seeded');
    expect(calls).toBe(3);
    expect(waits).toEqual([100, 200]);
  });

  it('gives up after the last attempt with the last error', async () => {
    let calls = 0;
    await expect(
      withRetries(
        async () => {
          calls++;
          throw new Error(`refused ${calls}`);
        },
        { attempts: 3, baseDelayMs: 1, sleep: async () => undefined },
      ),
    ).rejects.toThrow('refused 3');
    expect(calls).toBe(3);
  });
});
