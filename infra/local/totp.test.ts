import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  newTotpSecret,
  TOTP_STEP_SECONDS,
  totpCode,
  totpStep,
} from './totp';

// RFC 6238 Appendix B: the SHA-1 key is the ASCII string "12345678901234567890".
const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');
const RFC_SECRET = base32Encode(RFC_KEY);
const RFC_VECTORS: [seconds: number, code: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(RFC_VECTORS)('at T=%is gives the RFC 6238 SHA-1 value %s (8 digits)', (seconds, code) => {
    expect(totpCode(RFC_SECRET, seconds * 1000, 8)).toBe(code);
  });

  it.each(RFC_VECTORS)('at T=%is the 6-digit code is the last 6 digits of %s', (seconds, code) => {
    expect(totpCode(RFC_SECRET, seconds * 1000)).toBe(code.slice(2));
  });

  it('matches RFC 4226 Appendix D (HOTP counters 0 and 9)', () => {
    expect(hotp(RFC_KEY, 0)).toBe('755224');
    expect(hotp(RFC_KEY, 9)).toBe('520489');
  });

  it('round-trips base32 and makes 160-bit secrets of 32 characters', () => {
    expect(RFC_SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode(RFC_SECRET.toLowerCase())).toEqual(RFC_KEY);
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    expect(() => base32Decode('ABC1')).toThrow();
  });

  it('accepts one step of drift either side and nothing further', () => {
    const now = 1_700_000_015_000;
    const step = TOTP_STEP_SECONDS * 1000;
    const secret = newTotpSecret();
    expect(matchTotp(secret, totpCode(secret, now), now)).toEqual({ step: totpStep(now) });
    expect(matchTotp(secret, totpCode(secret, now - step), now)).toEqual({ step: totpStep(now) - 1 });
    expect(matchTotp(secret, totpCode(secret, now + step), now)).toEqual({ step: totpStep(now) + 1 });
    expect(matchTotp(secret, totpCode(secret, now - 2 * step), now)).toEqual({ refused: 'mismatch' });
    expect(matchTotp(secret, totpCode(secret, now + 2 * step), now)).toEqual({ refused: 'mismatch' });
  });

  it('refuses a replayed code, and any code of a step at or before the last one accepted', () => {
    const now = 1_700_000_015_000;
    const secret = newTotpSecret();
    const code = totpCode(secret, now);
    const first = matchTotp(secret, code, now);
    expect(first).toEqual({ step: totpStep(now) });
    const used = (first as { step: number }).step;
    expect(matchTotp(secret, code, now, used)).toEqual({ refused: 'replayed' });
    // The previous step's code, still inside the drift window, is refused once a later one was used.
    expect(matchTotp(secret, totpCode(secret, now - 30_000), now, used)).toEqual({ refused: 'replayed' });
    // The next step's code is still good.
    expect(matchTotp(secret, totpCode(secret, now + 30_000), now + 30_000, used)).toEqual({
      step: used + 1,
    });
  });

  it('refuses codes that are not six digits, and a wrong code', () => {
    const secret = newTotpSecret();
    const code = totpCode(secret);
    for (const bad of ['', '12345', '1234567', 'abcdef', ` ${code}`, `${code.slice(0, 5)}x`]) {
      expect(matchTotp(secret, bad)).toEqual({ refused: 'mismatch' });
    }
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(matchTotp(secret, wrong, Date.now())).toEqual({ refused: 'mismatch' });
  });
});
