import type { z } from 'zod';

/** Turns a path such as ['address', 0, 'line1'] into 'address.0.line1'. */
export function fieldOf(path: ReadonlyArray<PropertyKey>): string | undefined {
  return path.length ? path.map(String).join('.') : undefined;
}

/**
 * Fallback messages for issues a schema does not word itself: clear and specific, never zod's internals.
 * Messages written on the schema (the spec's own wording) take precedence over these.
 */
export const friendlyIssueMessage = (issue: z.core.$ZodRawIssue): string | undefined => {
  const field = fieldOf(issue.path ?? []) ?? 'The request';
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `${field} is required`;
      return `${field} must be ${article(issue.expected)}`;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    case 'too_big':
      if (issue.origin === 'string') return `${field} must be at most ${issue.maximum} characters`;
      if (issue.origin === 'array') return `${field} must have at most ${issue.maximum} items`;
      return `${field} must be at most ${issue.maximum}`;
    case 'too_small':
      if (issue.origin === 'string') return `${field} must be at least ${issue.minimum} characters`;
      if (issue.origin === 'array') return `${field} must have at least ${issue.minimum} items`;
      return `${field} must be at least ${issue.minimum}`;
    case 'invalid_value':
      return `${field} must be one of: ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return `${field} is not in the right format`;
    default:
      return undefined;
  }
};

function article(expected: string): string {
  const word = expected === 'int' ? 'whole number' : expected;
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}
