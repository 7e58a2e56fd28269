import type * as z from 'zod';
import { RegisterCharityRequest } from './charity-account';
import { RegisterDonorRequest } from './donor';
import { ClientErrorReport } from './public-pages';

/**
 * Lengths are checked before any regular expression reads a field: a long text (16 KB, the body limit) stops at
 * the length check, so no pattern can be made to backtrack over it (an email of `a@.a.a…@` once cost ~170-600 ms).
 * Counted, not timed: the parse ends at the first failed length check (one issue for the field).
 */
const issuesFor = (schema: z.ZodType, input: Record<string, unknown>, field: string) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.filter((i) => i.path[0] === field);
};

describe('lengths before patterns', () => {
  const long = `a@${'.a'.repeat(8000)}@`;

  it('stops a 16 KB email at its length, with one message', () => {
    const issues = issuesFor(
      RegisterCharityRequest,
      { email: long, password: 'x', charityRegistrationNumber: '1' },
      'email',
    );
    expect(issues.map((i) => i.message)).toEqual(['Please enter a valid email address']);
    expect(issues[0]?.code).toBe('too_big');
  });

  it('stops an email just over 254 characters at its length too', () => {
    const issues = issuesFor(
      RegisterCharityRequest,
      { email: `${'a'.repeat(250)}@x.org`, password: 'x', charityRegistrationNumber: '1' },
      'email',
    );
    expect(issues.map((i) => i.code)).toEqual(['too_big']);
  });

  it("stops a donor's long username and date of birth before their patterns", () => {
    const username = issuesFor(RegisterDonorRequest, { username: '!'.repeat(16000) }, 'username');
    expect(username.map((i) => i.code)).toEqual(['too_big']);
    const dob = issuesFor(RegisterDonorRequest, { dob: '1'.repeat(16000) }, 'dob');
    expect(dob.map((i) => i.code)).toEqual(['too_big']);
  });

  it('stops a long client-error route before its pattern', () => {
    const route = issuesFor(ClientErrorReport, { route: `/${'?'.repeat(16000)}` }, 'route');
    expect(route.map((i) => i.code)).toEqual(['too_big']);
  });
});
