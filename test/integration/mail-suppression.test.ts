import { suppressionData } from '../../lambdas/data/suppressions';
import type { SesMailEvent } from '../../lambdas/domain/mail/suppressions';
import { ErrorCode, ErrorMessage } from '../../shared/src/api/errors';
import { freshAddress, mailTo, post } from '../support/api';
import { createCharity, testTable } from '../support/charity';
import { applyCloudEnvironment } from '../support/cloud';

applyCloudEnvironment();
// Imported after the environment is set: the handler reads it at load, as a cold start does.
const { handler } =
  require('../../lambdas/events/record-mail-suppression/handler') as typeof import('../../lambdas/events/record-mail-suppression/handler');

/** SES's EventBridge events, as the configuration set sends them. */
const bounce = (address: string, bounceType = 'Permanent'): SesMailEvent => ({
  'detail-type': 'Email Bounced',
  time: new Date().toISOString(),
  detail: {
    eventType: 'Bounce',
    bounce: { bounceType, bounceSubType: 'General', bouncedRecipients: [{ emailAddress: address }] },
  },
});
const complaint = (address: string): SesMailEvent => ({
  'detail-type': 'Email Complaint Received',
  time: new Date().toISOString(),
  detail: { eventType: 'Complaint', complaint: { complainedRecipients: [{ emailAddress: address }] } },
});

describe('bounces and complaints become suppressions, and the send path refuses them', () => {
  it('refuses a resend to a register address that bounced permanently, with a clear message, and mails nothing', async () => {
    const suppressed = await createCharity({ label: 'bounced', flags: { verified: false } });
    const control = await createCharity({ label: 'delivered', flags: { verified: false } });
    const bouncedAddress = `hello-${suppressed.registrationNumber}@example.org`;
    const deliveredAddress = `hello-${control.registrationNumber}@example.org`;

    // A transient bounce (a full mailbox) is not a suppression; the permanent one is, whatever the case.
    expect(await handler(bounce(bouncedAddress, 'Transient'))).toEqual({ suppressed: 0 });
    expect(await suppressionData(testTable()).isSuppressed(bouncedAddress)).toBe(false);
    expect(await handler(bounce(bouncedAddress.toUpperCase()))).toEqual({ suppressed: 1 });
    expect(await suppressionData(testTable()).isSuppressed(bouncedAddress)).toBe(true);

    const refused = await post('/api/resend-verification-code', {}, { token: suppressed.idToken });
    expect(refused).toMatchObject({
      status: 422,
      body: { success: false, code: ErrorCode.EmailSuppressed, error: ErrorMessage.EmailSuppressed },
    });
    expect(await mailTo(bouncedAddress)).toEqual([]);

    // The same call for an address that never bounced is sent (so the refusal above is the suppression's).
    const sent = await post('/api/resend-verification-code', {}, { token: control.idToken });
    expect(sent.status).toBe(200);
    expect(await mailTo(deliveredAddress)).toHaveLength(1);
  });

  it('sends no password reset link to an address that complained (the answer stays the same for everyone)', async () => {
    const charity = await createCharity({ label: 'complained' });
    expect(await handler(complaint(charity.email))).toEqual({ suppressed: 1 });
    const answer = await post('/api/send-password-reset', { email: charity.email }, { from: freshAddress() });
    expect(answer.status).toBe(200);
    expect(await mailTo(charity.email)).toEqual([]);

    const other = await createCharity({ label: 'not-complained' });
    const control = await post('/api/send-password-reset', { email: other.email }, { from: freshAddress() });
    expect(control.body).toEqual(answer.body);
    expect(await mailTo(other.email)).toHaveLength(1);
  });
});
