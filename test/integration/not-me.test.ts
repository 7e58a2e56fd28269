import { ErrorCode } from '@shared/api/error-body';
import { MAX_FAILURES_PER_CODE, NotMeMessage } from '@shared/verification';
import { charityData } from '../../lambdas/data/charities';
import { verificationBudgetData } from '../../lambdas/data/verification-budget';
import { freshAddress, mailTo, post } from '../support/api';
import { getItem } from '../support/charity';
import { cloud } from '../support/cloud';
import { signIn } from '../support/identity';
import { sampleCharity } from '../support/numbers';
import { testTable } from '../support/table';
import { rewindCode } from '../support/tampering';

/**
 * Issue 30, item 9: the real charity can always get in. Hostile users register a charity's number, delete the
 * account and register it again (3 times: the number's cap for 30 days) and spend its 50 wrong codes (from many
 * addresses, as a botnet would, so no per-source cap stops them); the charity, with nothing but its register
 * mailbox, uses the "this wasn't me" link of the last code mail, then registers and verifies at once.
 * A sample charity of its own (`sampleCharity`): no other test registers it.
 */
jest.setTimeout(240_000);

const { env } = cloud();
const CHARITY = sampleCharity();
const NUMBER = CHARITY.number;
const INBOX = CHARITY.email ?? '';
const PASSWORD = 'Kindred-Charity-2026!';
let seq = 0;
const newEmail = (label: string) => `${label}-${Date.now()}-${++seq}@attacker.example`;
const userIdOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()).sub as string;
const codeFrom = (text: string) => /code is: (\d{6})/.exec(text)?.[1] as string;
const notMeLinkFrom = (text: string) =>
  /(https?:\/\/\S+\/charity\/not-me#token=[A-Za-z0-9_-]+)/.exec(text)?.[1];
const tokenOf = (link: string) => new URLSearchParams(new URL(link).hash.slice(1)).get('token') as string;
const budget = () => verificationBudgetData(testTable()).get(NUMBER);
const lastMail = async () => {
  const all = await mailTo(INBOX);
  return all[all.length - 1]!;
};
const rewind = rewindCode;

async function register(email: string) {
  return post(
    '/api/register-charity',
    { email, password: PASSWORD, charityRegistrationNumber: NUMBER },
    { from: freshAddress() },
  );
}

/** Wrong codes until the number's budget holds `total` in all (a resend whenever the code is void). */
async function spendWrongCodes(idToken: string, userId: string, total: number) {
  for (let b = await budget(); b.total_failures < total && !b.locked; b = await budget()) {
    if (b.code_failures >= MAX_FAILURES_PER_CODE) {
      await rewind(userId, 'last_sent_at');
      expect((await post('/api/resend-verification-code', {}, { token: idToken })).status).toBe(200);
      continue;
    }
    const right = codeFrom((await lastMail()).text);
    await rewind(userId, 'last_attempt_at');
    const answer = await post(
      '/api/verify-charity-code',
      { verificationCode: right === '000000' ? '111111' : '000000' },
      { token: idToken, from: freshAddress() },
    );
    expect([400, 423]).toContain(answer.status);
  }
}

describe('the real charity can always get in', () => {
  it('after 3 hostile register/delete cycles and 50 wrong codes, registers and verifies using only its register mailbox', async () => {
    for (const [cycle, spendTo] of [
      [1, 17],
      [2, 34],
      [3, 50],
    ] as const) {
      const email = newEmail(`hostile-${cycle}`);
      expect((await register(email)).status).toBe(200);
      const { idToken } = await signIn(env.CHARITY_CLIENT_ID as string, email, PASSWORD);
      await spendWrongCodes(idToken, userIdOf(idToken), spendTo);
      expect((await post('/api/delete-charity-account', {}, { token: idToken })).status).toBe(200);
    }
    expect(await budget()).toMatchObject({ total_failures: 50, locked: true });

    // The charity is locked out: its number's registrations are spent for 30 days.
    const charityEmail = `trustees-${Date.now()}@millbrook.example.org`;
    expect(await register(charityEmail)).toMatchObject({
      status: 429,
      body: { code: ErrorCode.RegistrationCapReached },
    });

    // Its register mailbox holds the last code mail, with the link.
    const link = notMeLinkFrom((await lastMail()).text);
    expect(link).toBeDefined();
    const token = tokenOf(link as string);
    expect(await post('/api/not-me/check', { token })).toMatchObject({
      status: 200,
      body: { charity_name: CHARITY.name, registration_number: NUMBER },
    });
    const used = await post('/api/not-me', { token });
    expect(used).toMatchObject({
      status: 200,
      body: { success: true, message: NotMeMessage.Removed(CHARITY.name) },
    });
    // Once only.
    expect(await post('/api/not-me', { token })).toMatchObject({
      status: 400,
      body: { error: NotMeMessage.InvalidLink },
    });
    expect(await budget()).toMatchObject({ total_failures: 0, locked: false });

    // At once: the charity registers, reads its code from the same mailbox and verifies.
    expect((await register(charityEmail)).status).toBe(200);
    const { idToken } = await signIn(env.CHARITY_CLIENT_ID as string, charityEmail, PASSWORD);
    const code = codeFrom((await lastMail()).text);
    expect(
      await post(
        '/api/verify-charity-code',
        { verificationCode: code },
        { token: idToken, from: freshAddress() },
      ),
    ).toMatchObject({ status: 200 });
    expect((await getItem(userIdOf(idToken), 'VERIFICATION'))?.verified).toBe(true);

    // The link of its own registration mail cannot remove a verified account.
    const own = tokenOf(notMeLinkFrom((await lastMail()).text) as string);
    expect(await post('/api/not-me', { token: own })).toMatchObject({
      status: 409,
      body: { error: NotMeMessage.AlreadyVerified },
    });
    expect(await charityData(testTable()).getProfile(userIdOf(idToken))).toBeDefined();
  });

  it('refuses links that were never mailed, in any shape, with a clear 400', async () => {
    for (const token of ['x'.repeat(43), '', 'a'.repeat(201)]) {
      const answer = await post('/api/not-me', { token });
      expect(answer).toMatchObject({
        status: 400,
        body: { success: false, error: NotMeMessage.InvalidLink },
      });
    }
    expect((await post('/api/not-me', { token: 42 })).status).toBe(400);
    expect((await post('/api/not-me/check', {})).status).toBe(400);
  });
});
