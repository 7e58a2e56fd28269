/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { NotMeMessage, RegisterEmailSuppressedMessage } from '@shared/verification';
import { charityData } from '../../lambdas/data/charities';
import { suppressionData } from '../../lambdas/data/suppressions';
import { freshAddress, mailTo, post } from '../support/api';
import { createCharity } from '../support/charity';
import { cloud } from '../support/cloud';
import { signIn } from '../support/identity';
import { sampleCharity } from '../support/numbers';
import { testTable } from '../support/table';
import { axeClean, browserForFile, journeyTimeout, shootBothWidths, sideways } from './support/browser';
import { signInThroughPage } from './support/journeys';

/**
 * Issue 30, item 9: the "this wasn't me" page, opened from the link in the verification-code mail the register
 * address received after someone else registered its charity. Set NOT_ME_SHOTS=1 to keep screenshots (1280 and
 * 375 px) under test-results/not-me. A sample charity of its own (`sampleCharity`): no other journey uses it.
 */
journeyTimeout(120_000);

const { appUrl, env } = cloud();
const CHARITY = sampleCharity();
const NUMBER = CHARITY.number;
const INBOX = CHARITY.email ?? '';
const PASSWORD = 'Quiet-Harbour-42!';
const SHOTS = process.env.NOT_ME_SHOTS ? join(__dirname, '..', '..', 'test-results', 'not-me') : null;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

const session = browserForFile();

describe("this wasn't me", () => {
  it('opens the link from the register mail, removes the registration on confirmation, and says so', async () => {
    const impostor = `someone-${Date.now()}@attacker.example`;
    const registered = await post(
      '/api/register-charity',
      { email: impostor, password: PASSWORD, charityRegistrationNumber: NUMBER },
      { from: freshAddress() },
    );
    expect(registered.status).toBe(200);
    const mail = await mailTo(INBOX);
    const link = /(https?:\/\/\S+\/charity\/not-me#token=[A-Za-z0-9_-]+)/.exec(
      mail[mail.length - 1]!.text,
    )?.[1];
    expect(link).toBeDefined();
    // The mail names the site's own address; the journey opens the same path and fragment on the local site.
    const url = new URL(link as string);

    const page = await session.newPage();
    await page.goto(`${appUrl}${url.pathname}${url.hash}`);
    await page.getByRole('heading', { name: 'Did someone register your charity without asking?' }).waitFor();
    await page.getByText(CHARITY.name).first().waitFor();
    // The token left the address bar.
    expect(new URL(page.url()).hash).toBe('');
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await axeClean(page);
    await shootBothWidths(page, SHOTS, 'confirm');

    await page.getByRole('button', { name: 'Remove this registration' }).click();
    await page.getByRole('heading', { name: 'Registration removed' }).waitFor();
    await page.getByText(NotMeMessage.Removed(CHARITY.name)).waitFor();
    await page.locator('.auth-card').getByRole('link', { name: 'Register Your Charity' }).waitFor();
    await axeClean(page);
    await shootBothWidths(page, SHOTS, 'done');

    // What the page said is true: the account and its sign-in are gone, the number is free.
    expect(await charityData(testTable()).marker(NUMBER)).toBeUndefined();
    await expect(signIn(env.CHARITY_CLIENT_ID as string, impostor, PASSWORD)).rejects.toThrow();

    // Opened again (a new tab, as from the mail), the used link says so.
    const again = await session.newPage();
    await again.goto(`${appUrl}${url.pathname}${url.hash}`);
    await again.getByRole('heading', { name: 'This link cannot be used' }).waitFor();
    await again.getByText(NotMeMessage.InvalidLink).waitFor();
    await axeClean(again);
    await shootBothWidths(again, SHOTS, 'used');
  });

  it('tells a charity whose register address bounced what happened and how to reach support (issue 30, item 8)', async () => {
    const c = await createCharity({ label: 'bounced-page', flags: { verified: false } });
    const registerEmail = `hello-${c.registrationNumber}@example.org`;
    await charityData(testTable()).replaceCode(
      c.userId,
      {
        code_hash: 'not-a-real-hash',
        email_sent_to: registerEmail,
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        failures: 0,
        last_attempt_at: 0,
        last_sent_at: Date.now(),
        sends: 1,
      },
      0,
    );
    await suppressionData(testTable()).record(registerEmail, 'bounce', new Date(), 'General');
    const page = await session.newPage();
    await signInThroughPage(page, appUrl, c);
    await page.goto(`${appUrl}/charity/email-verification`);
    await page.getByText(RegisterEmailSuppressedMessage.bounce).waitFor();
    await axeClean(page);
    await shootBothWidths(page, SHOTS, 'verification-bounced');
  });
});
