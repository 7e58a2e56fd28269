import { maskEmail, verificationCodeEmail } from './emails';

describe('maskEmail', () => {
  it('keeps the first letters and the top-level domain only', () => {
    expect(maskEmail('alice@example.org')).toBe('a••••@e••••••.org');
    expect(maskEmail('Official-appeal-donate-at-evil@evil.example')).toBe('O••••••••@e•••.example');
    expect(maskEmail('x@y.z')).toBe('x••@y••.z');
  });

  it('never repeats the sign-in address in the register mail', () => {
    const mail = verificationCodeEmail({
      to: 'hello@charity.example.org',
      code: '123456',
      charityName: 'Brambleford Larder',
      signInEmail: 'donate-now-at-evil@attacker.example',
      expiresAt: new Date(0).toISOString(),
      notMeLink: 'https://kindred.example/charity/not-me#token=abc',
    });
    expect(mail.text).not.toContain('donate-now-at-evil');
    expect(mail.html).not.toContain('donate-now-at-evil');
    expect(mail.text).toContain('d••••••••@a•••••••.example');
    // The register's inbox can say "this wasn't me".
    expect(mail.text).toContain('https://kindred.example/charity/not-me#token=abc');
    expect(mail.html).toContain('href="https://kindred.example/charity/not-me#token=abc"');
  });
});
