import { evaluatePassword, PasswordMessage, resetPasswordError } from './password';

describe('password rules', () => {
  it('accepts a password meeting every rule', () => {
    expect(evaluatePassword('Kindred-Gives-2026!')).toMatchObject({ score: 5, label: 'Strong', valid: true });
  });

  it('scores one point per rule and labels Weak, Good, Strong', () => {
    expect(evaluatePassword('')).toMatchObject({ score: 0, label: 'Weak', valid: false });
    expect(evaluatePassword('abcdefghijkl')).toMatchObject({ score: 2, label: 'Weak' });
    expect(evaluatePassword('Abcdefghijkl')).toMatchObject({ score: 3, label: 'Good' });
    expect(evaluatePassword('Abcdefghijk1')).toMatchObject({ score: 4, label: 'Good', valid: false });
  });

  it('refuses three identical characters in a row and common words, whatever the score', () => {
    expect(evaluatePassword('Kindred-Giiives-26!')).toMatchObject({ score: 5, valid: false });
    expect(evaluatePassword('My-PassWord-2026!x')).toMatchObject({ score: 5, valid: false });
    expect(evaluatePassword('Letmein-Now-2026!')).toMatchObject({ valid: false });
  });

  it('checks the reset form in the spec order', () => {
    expect(resetPasswordError('', '')).toBe(PasswordMessage.Required);
    expect(resetPasswordError('Short1!', '')).toBe(PasswordMessage.TooShort);
    expect(resetPasswordError('ABCDEFGHIJK1!', '')).toBe(PasswordMessage.NoLowercase);
    expect(resetPasswordError('abcdefghijk1!', '')).toBe(PasswordMessage.NoUppercase);
    expect(resetPasswordError('Abcdefghijkl!', '')).toBe(PasswordMessage.NoNumber);
    expect(resetPasswordError('Abcdefghijk12', '')).toBe(PasswordMessage.NoSpecial);
    expect(resetPasswordError('Kindred-Gives-2026!', '')).toBe(PasswordMessage.ConfirmRequired);
    expect(resetPasswordError('Kindred-Gives-2026!', 'other')).toBe(PasswordMessage.Mismatch);
    expect(resetPasswordError('Kindred-Gives-2026!', 'Kindred-Gives-2026!')).toBeNull();
  });
});
