import { LOGGED_TEXT_MAX, maskLogText } from './redact';

describe('maskLogText', () => {
  it('masks addresses, tokens and codes, keeps the words', () => {
    const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl';
    const out = maskLogText(
      `TypeError for alice@example.org with ${jwt}, reset 9f8e7d6c5b4a39281706abcdef and code 123456 at /charity/explore`,
    );
    expect(out).toBe(
      'TypeError for a••••@e••••••.org with [token], reset [token] and code [number] at /charity/explore',
    );
  });

  it('flattens line breaks and control characters, so one report cannot forge a second log line', () => {
    expect(maskLogText('boom\n{"level":"ERROR","message":"forged"}\r\u2028x\u0007y')).toBe(
      'boom {"level":"ERROR","message":"forged"} x y',
    );
  });

  it('bounds the text before reading it', () => {
    const out = maskLogText('word '.repeat(5000));
    expect(out.length).toBeLessThanOrEqual(LOGGED_TEXT_MAX + 1);
    expect(out.endsWith('…')).toBe(true);
  });

  it('leaves short numbers and plain paths alone', () => {
    expect(maskLogText('line 42 of /charity/pages/edit, 3 items')).toBe(
      'line 42 of /charity/pages/edit, 3 items',
    );
  });
});
