import { formatCountdown, recordAttempt, sanitiseCode, THROTTLE_KEYS, throttleRemaining } from './throttle';

function memory() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
}

describe('client throttles', () => {
  it('allows a first attempt, then waits 5 s between verifications and 30 s between resends', () => {
    const store = memory();
    expect(throttleRemaining(store, 'verify', 1_000)).toBe(0);
    recordAttempt(store, 'verify', 1_000);
    recordAttempt(store, 'resend', 1_000);
    expect(store.data.get(THROTTLE_KEYS.verify)).toBe('1000');
    expect(store.data.get('lastResendAttempt')).toBe('1000');
    expect(throttleRemaining(store, 'verify', 3_000)).toBe(3_000);
    expect(throttleRemaining(store, 'verify', 6_000)).toBe(0);
    expect(throttleRemaining(store, 'resend', 30_999)).toBe(1);
    expect(throttleRemaining(store, 'resend', 31_000)).toBe(0);
  });

  it('ignores junk and future stamps, and storage that throws', () => {
    const store = memory();
    store.setItem('lastVerificationAttempt', 'soon');
    expect(throttleRemaining(store, 'verify', 10)).toBe(0);
    store.setItem('lastVerificationAttempt', '999999');
    expect(throttleRemaining(store, 'verify', 10)).toBe(0);
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(throttleRemaining(broken, 'resend', 10)).toBe(0);
    expect(() => recordAttempt(broken, 'resend', 10)).not.toThrow();
  });
});

describe('sanitiseCode', () => {
  it('keeps at most six digits', () => {
    expect(sanitiseCode('12a 34-5678')).toBe('123456');
    expect(sanitiseCode('abc')).toBe('');
  });
});

describe('formatCountdown', () => {
  it('shows minutes and seconds, hours only when needed, never below zero', () => {
    expect(formatCountdown(25)).toBe('0:25');
    expect(formatCountdown(60)).toBe('1:00');
    expect(formatCountdown(299.2)).toBe('5:00');
    expect(formatCountdown(3723)).toBe('1:02:03');
    expect(formatCountdown(-4)).toBe('0:00');
  });
});
