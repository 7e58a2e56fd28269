import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ErrorCode } from '@shared/api/error-body';
import { brand } from '@shared/brand';
import { RegisterEmailSuppressedMessage } from '@shared/verification';
import { sentMailKey } from '../../lambdas/data/sent-mail';
import { suppressionData, suppressionKey } from '../../lambdas/data/suppressions';
import type { SesMailEvent } from '../../lambdas/domain/mail/suppressions';
import { freshAddress, mailTo, post } from '../support/api';
import { createCharity } from '../support/charity';
import { applyCloudEnvironment } from '../support/cloud';
import { tableClient, testTable } from '../support/table';
import { rewindCode } from '../support/tampering';

const { env } = applyCloudEnvironment();
// Imported after the environment is set: the handler reads it at load, as a cold start does.
const { handler } =
  require('../../lambdas/events/record-mail-suppression/handler') as typeof import('../../lambdas/events/record-mail-suppression/handler');

/** SES's EventBridge events, as the configuration set sends them: `mail.messageId` names the message. */
const bounce = (messageId: string, address: string, bounceType = 'Permanent'): SesMailEvent => ({
  'detail-type': 'Email Bounced',
  time: new Date().toISOString(),
  detail: {
    eventType: 'Bounce',
    mail: { messageId },
    bounce: { bounceType, bounceSubType: 'General', bouncedRecipients: [{ emailAddress: address }] },
  },
});
const complaint = (messageId: string, address: string): SesMailEvent => ({
  'detail-type': 'Email Complaint Received',
  time: new Date().toISOString(),
  detail: {
    eventType: 'Complaint',
    mail: { messageId },
    complaint: { complainedRecipients: [{ emailAddress: address }] },
  },
});
const DAY = 86_400_000;
const suppressions = () => suppressionData(testTable());
/** The newest message the local SES holds for an address. */
const lastMail = async (address: string) => {
  const all = await mailTo(address);
  const last = all[all.length - 1];
  if (!last) throw new Error(`no mail for ${address}`);
  return last;
};
/** Lets the next resend through the account's wait (30 s after a code). */
const rewindResend = (userId: string) => rewindCode(userId, 'last_sent_at');

describe('bounces and complaints count only for mail we sent, to whom we sent it', () => {
  it('records each sent message with its recipient, expiring after 30 days', async () => {
    const c = await createCharity({ label: 'recorded', flags: { verified: false } });
    expect((await post('/api/resend-verification-code', {}, { token: c.idToken })).status).toBe(200);
    const mail = await lastMail(`hello-${c.registrationNumber}@example.org`);
    expect(mail.messageId).toMatch(/\S/);
    const item = (
      await tableClient().send(
        new GetCommand({ TableName: env.TABLE_NAME, Key: sentMailKey(mail.messageId), ConsistentRead: true }),
      )
    ).Item;
    expect(item).toMatchObject({ recipients: [`hello-${c.registrationNumber.toLowerCase()}@example.org`] });
    const days = (Number(item?.expiresAt) * 1000 - Date.now()) / DAY;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('ignores a forged bounce naming a register address (never sent, or sent to someone else); a real one suppresses it', async () => {
    const target = await createCharity({ label: 'target', flags: { verified: false } });
    const attacker = await createCharity({ label: 'attacker', flags: { verified: false } });
    const registerAddress = `hello-${target.registrationNumber}@example.org`;
    const attackerAddress = `hello-${attacker.registrationNumber}@example.org`;

    // A message id we never sent.
    expect(await handler(bounce('ses-000000001', registerAddress))).toEqual({ suppressed: 0 });
    // A message we did send, but to the attacker's own address: the bounce names the charity's instead.
    expect((await post('/api/resend-verification-code', {}, { token: attacker.idToken })).status).toBe(200);
    const attackersMail = await lastMail(attackerAddress);
    expect(await handler(bounce(attackersMail.messageId, registerAddress))).toEqual({ suppressed: 0 });
    expect(await handler(complaint(attackersMail.messageId, registerAddress))).toEqual({ suppressed: 0 });
    expect(await suppressions().isSuppressed(registerAddress)).toBe(false);
    // So the charity still gets its codes.
    expect((await post('/api/resend-verification-code', {}, { token: target.idToken })).status).toBe(200);
    const ours = await lastMail(registerAddress);

    // A transient bounce (a full mailbox) of our own message is not a suppression; the permanent one is.
    expect(await handler(bounce(ours.messageId, registerAddress, 'Transient'))).toEqual({ suppressed: 0 });
    expect(await suppressions().isSuppressed(registerAddress)).toBe(false);
    expect(await handler(bounce(ours.messageId, registerAddress.toUpperCase()))).toEqual({ suppressed: 1 });
    expect(await suppressions().isSuppressed(registerAddress)).toBe(true);
    // A permanent bounce does not expire, and a later complaint does not make it.
    expect(await handler(complaint(ours.messageId, registerAddress))).toEqual({ suppressed: 1 });
    expect(await suppressions().isSuppressed(registerAddress, new Date(Date.now() + 3650 * DAY))).toBe(true);

    // The charity is told, where it waits for its code, what happened and how to reach support.
    const info = await post('/api/get-verification-info', {}, { token: target.idToken });
    expect(info.body.register_email_suppressed).toBe('bounce');
    await rewindResend(target.userId);
    const before = (await mailTo(registerAddress)).length;
    const refused = await post('/api/resend-verification-code', {}, { token: target.idToken });
    expect(refused).toMatchObject({
      status: 422,
      body: { success: false, code: ErrorCode.EmailSuppressed, error: RegisterEmailSuppressedMessage.bounce },
    });
    expect(String(refused.body.error)).toContain(brand.supportEmail);
    expect(String(refused.body.error)).toContain(brand.supportPhone);
    expect(await mailTo(registerAddress)).toHaveLength(before);
    // The attacker's own address was never suppressed by any of this.
    expect((await post('/api/get-verification-info', {}, { token: attacker.idToken })).body).toMatchObject({
      register_email_suppressed: null,
    });
  });

  it('lets a complaint suppression expire after 90 days; meanwhile no reset link is sent', async () => {
    const charity = await createCharity({ label: 'complained' });
    const first = await post('/api/send-password-reset', { email: charity.email }, { from: freshAddress() });
    expect(first.status).toBe(200);
    const ours = await lastMail(charity.email);
    expect(await handler(complaint(ours.messageId, charity.email))).toEqual({ suppressed: 1 });

    const answer = await post('/api/send-password-reset', { email: charity.email }, { from: freshAddress() });
    expect(answer.body).toEqual(first.body);
    expect(await mailTo(charity.email)).toHaveLength(1);

    const now = Date.now();
    expect(await suppressions().reason(charity.email, new Date(now + 89 * DAY))).toBe('complaint');
    expect(await suppressions().isSuppressed(charity.email, new Date(now + 91 * DAY))).toBe(false);
    // DynamoDB's TTL removes the item itself after 90 days.
    const item = (
      await tableClient().send(
        new GetCommand({
          TableName: env.TABLE_NAME,
          Key: suppressionKey(charity.email),
          ConsistentRead: true,
        }),
      )
    ).Item;
    expect((Number(item?.expiresAt) * 1000 - now) / DAY).toBeCloseTo(90, 0);
  });
});
