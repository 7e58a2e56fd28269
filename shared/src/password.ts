/**
 * The password rules (public-site spec, section 5), one module for the web and the server alike:
 * registration, donor signup, reset and change password.
 */

export const PASSWORD_MIN_LENGTH = 12;
/** Characters that count as special (the reset form's list). */
export const SPECIAL_CHARACTERS = '!@#$%^&*()_+-=[]{};\':"\\|,.<>/?';
export const FORBIDDEN_WORDS = ['password', '123456', 'qwerty', 'admin', 'letmein'] as const;

export interface PasswordCheck {
  length: boolean;
  lowercase: boolean;
  uppercase: boolean;
  number: boolean;
  special: boolean;
  /** No run of three or more identical characters. */
  noRepeats: boolean;
  /** Contains none of the forbidden words (case-insensitive). */
  noCommonWords: boolean;
}

export type PasswordStrength = 'Weak' | 'Good' | 'Strong';

export interface PasswordEvaluation {
  checks: PasswordCheck;
  /** 0-5: one point each for length, lowercase, uppercase, number, special character. */
  score: number;
  /** Weak for 2 or less, Good for 3-4, Strong for 5. */
  label: PasswordStrength;
  /** Valid only with a score of 5 and no complaint (repeats, common words). */
  valid: boolean;
}

const hasSpecial = (p: string) => [...p].some((c) => SPECIAL_CHARACTERS.includes(c));

export function evaluatePassword(password: string): PasswordEvaluation {
  const lower = password.toLowerCase();
  const checks: PasswordCheck = {
    length: password.length >= PASSWORD_MIN_LENGTH,
    lowercase: /[a-z]/.test(password),
    uppercase: /[A-Z]/.test(password),
    number: /\d/.test(password),
    special: hasSpecial(password),
    noRepeats: !/(.)\1\1/su.test(password),
    noCommonWords: !FORBIDDEN_WORDS.some((w) => lower.includes(w)),
  };
  const score = [checks.length, checks.lowercase, checks.uppercase, checks.number, checks.special].filter(
    Boolean,
  ).length;
  return {
    checks,
    score,
    label: score <= 2 ? 'Weak' : score <= 4 ? 'Good' : 'Strong',
    valid: score === 5 && checks.noRepeats && checks.noCommonWords,
  };
}

/** The live checklist shown under password fields, in order. */
export const PASSWORD_CHECKLIST: { key: keyof PasswordCheck; label: string }[] = [
  { key: 'length', label: `At least ${PASSWORD_MIN_LENGTH} characters` },
  { key: 'lowercase', label: 'A lowercase letter' },
  { key: 'uppercase', label: 'An uppercase letter' },
  { key: 'number', label: 'A number' },
  { key: 'special', label: 'A special character (such as ! @ # ?)' },
  { key: 'noRepeats', label: 'No character three or more times in a row' },
  { key: 'noCommonWords', label: 'No common words such as "password" or "qwerty"' },
];

export const PasswordMessage = {
  Required: 'Password is required',
  DoesNotMeetRequirements: 'Password does not meet security requirements',
  /** The server's answer to a weak password at registration (spec, section 8). */
  WeakOnServer:
    'Password does not meet security requirements. Please ensure it contains at least 12 characters with uppercase, lowercase, numbers, and special characters.',
  ConfirmRequired: 'Please confirm your password',
  Mismatch: 'Passwords do not match',
  TooShort: 'Password must be at least 12 characters long',
  NoLowercase: 'Password must contain at least one lowercase letter',
  NoUppercase: 'Password must contain at least one uppercase letter',
  NoNumber: 'Password must contain at least one number',
  NoSpecial: 'Password must contain at least one special character',
  /** The server's answer to a password on the breached-password list (NIST SP 800-63B 5.1.1.2). */
  Breached:
    'This password has appeared in a data breach, so it is easy to guess. Please choose a different password.',
} as const;

/**
 * The reset form's checks, in the spec's order; returns the first failing message or null. Beyond the
 * listed messages the shared rules still apply (repeats, common words), reported as not meeting the rules.
 */
export function resetPasswordError(password: string, confirm: string): string | null {
  if (!password) return PasswordMessage.Required;
  if (password.length < PASSWORD_MIN_LENGTH) return PasswordMessage.TooShort;
  if (!/[a-z]/.test(password)) return PasswordMessage.NoLowercase;
  if (!/[A-Z]/.test(password)) return PasswordMessage.NoUppercase;
  if (!/\d/.test(password)) return PasswordMessage.NoNumber;
  if (!hasSpecial(password)) return PasswordMessage.NoSpecial;
  if (!evaluatePassword(password).valid) return PasswordMessage.DoesNotMeetRequirements;
  if (!confirm) return PasswordMessage.ConfirmRequired;
  if (password !== confirm) return PasswordMessage.Mismatch;
  return null;
}
