import { MAP_RETRY_DELAYS_MS, withRetries } from './retry';

describe('withRetries', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('retries after growing delays and returns the first success', async () => {
    let calls = 0;
    const times: number[] = [];
    const start = Date.now();
    const result = withRetries(async () => {
      times.push(Date.now() - start);
      calls += 1;
      if (calls < 3) throw new Error(`failure ${calls}`);
      return 'loaded';
    }, MAP_RETRY_DELAYS_MS);
    await jest.runAllTimersAsync();
    await expect(result).resolves.toBe('loaded');
    expect(times).toEqual([0, 1000, 3000]);
  });

  it('gives up after three retries with the last failure', async () => {
    let calls = 0;
    const result = withRetries(async () => {
      calls += 1;
      throw new Error(`failure ${calls}`);
    }, MAP_RETRY_DELAYS_MS);
    const settled = expect(result).rejects.toThrow('failure 4');
    await jest.runAllTimersAsync();
    await settled;
    expect(calls).toBe(4);
    expect([...MAP_RETRY_DELAYS_MS]).toEqual([1000, 2000, 4000]);
  });

  it('stops retrying once cancelled', async () => {
    let calls = 0;
    let cancelled = false;
    const result = withRetries(
      async () => {
        calls += 1;
        cancelled = true;
        throw new Error('failure');
      },
      MAP_RETRY_DELAYS_MS,
      { cancelled: () => cancelled },
    );
    const settled = expect(result).rejects.toThrow('failure');
    await jest.runAllTimersAsync();
    await settled;
    expect(calls).toBe(1);
  });
});
