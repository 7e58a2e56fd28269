import { combineQueries } from './combine';

const read = (status: 'loading' | 'error' | 'ready', error?: unknown) => ({
  status,
  error,
  refetch: jest.fn(() => Promise.resolve()),
});

describe('combining reads', () => {
  it('is loading until every read is ready', () => {
    expect(combineQueries([read('ready'), read('loading')]).status).toBe('loading');
    expect(combineQueries([read('ready'), read('ready')]).status).toBe('ready');
  });

  it('fails with the first failure, and retries only what failed', async () => {
    const ok = read('ready');
    const down = read('error', new Error('down'));
    const combined = combineQueries([read('loading'), down, ok]);
    expect(combined.status).toBe('error');
    expect(combined.error).toEqual(new Error('down'));
    await combined.retry();
    expect(down.refetch).toHaveBeenCalledTimes(1);
    expect(ok.refetch).not.toHaveBeenCalled();
  });
});
