/// <reference lib="dom" />
import { PayoutMessage } from '@shared/payout';
import { TwoStepMessage } from '@shared/two-step';
import { mailTo } from '../support/api';
import { createCharity, getItem } from '../support/charity';
import { cloud } from '../support/cloud';
import { afterCutOff, nextCode, type TestAuthenticator, wrongCode } from '../support/two-step';
import { axeClean, browserForFile, journeyTimeout, shootBothWidths, sideways } from './support/browser';
import { signInThroughPage } from './support/journeys';

journeyTimeout(150_000);

const { appUrl } = cloud();
const session = browserForFile();
/** Set TWO_STEP_SCREENSHOTS=<folder> to keep screenshots of the pages this journey visits. */
const SHOTS = process.env.TWO_STEP_SCREENSHOTS;

describe('two-step sign-in journey', () => {
  it('turns TOTP on in Settings, signs in again with a code, and then connects a payment account', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    await page.addInitScript(() => window.localStorage.setItem('hasSeenGuidedTour', 'true'));
    page.setDefaultTimeout(20_000);
    const charity = await createCharity({ label: 'e2e-two-step', charityName: 'Fernhill Food Bank' });
    await signInThroughPage(page, appUrl, charity);

    // Without two-step sign-in, Connect with Stripe stays here: the page says what is needed and links to
    // Settings, and no Stripe account is made.
    await page.goto(`${appUrl}/charity/preferences/payments`);
    await page.getByRole('button', { name: 'Connect with Stripe' }).click();
    await page.getByText('Two-step sign-in is needed.').waitFor();
    await page.getByText(TwoStepMessage.RequiredForPayments).waitFor();
    expect(new URL(page.url()).pathname).toBe('/charity/preferences/payments');
    await axeClean(page);
    const before = await getItem(charity.userId, 'PROFILE');
    expect(before?.stripe_account_id).toBeNull();
    expect(before?.stripe_onboarding_account_id).toBeUndefined();
    await page.getByRole('link', { name: 'Turn on two-step sign-in in Settings' }).click();
    await page.waitForURL(`${appUrl}/charity/settings#two-step`);

    // Settings: turn it on with the keyboard; the typed key is shown beside the QR code.
    const card = page.locator('#two-step');
    await card.getByText('Off', { exact: true }).waitFor();
    await axeClean(page);
    await card.getByRole('button', { name: 'Turn On Two-Step Sign-In' }).focus();
    await page.keyboard.press('Enter');
    await card.getByRole('img', { name: 'QR code to add your account to an authenticator app' }).waitFor();
    const codeField = card.getByLabel('Code from your authenticator app');
    await page.waitForFunction(() => document.activeElement?.id === 'two-step-code');
    const secret = ((await card.locator('.two-step__key').innerText()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const app: TestAuthenticator = { secret, lastStep: 0 };
    await axeClean(page);
    await shootBothWidths(page, SHOTS, 'two-step-setup');
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await axeClean(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    // A wrong code is said under the field, in our words.
    await codeField.fill(wrongCode(app));
    await codeField.press('Enter');
    await card.getByText(TwoStepMessage.CodeWrong).waitFor();
    await axeClean(page);
    await codeField.fill(await nextCode(app));
    await codeField.press('Enter');

    // Every session ended: back at sign-in, told why.
    await page.waitForURL(`${appUrl}/charity/signin`);
    await page.getByText(TwoStepMessage.TurnedOn).waitFor();
    expect((await mailTo(charity.email)).map((m) => m.subject)).toContain(
      'Two-step sign-in is on for your Kindred account',
    );

    // Sign in: the password, then the code the app shows (computed here as the app would).
    await afterCutOff(charity.userId);
    await page.getByLabel('Email', { exact: true }).fill(charity.email);
    await page.getByLabel('Password', { exact: true }).fill(charity.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const signInCode = page.getByLabel('Code from your authenticator app');
    await signInCode.waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'signin-code');
    await axeClean(page);
    await shootBothWidths(page, SHOTS, 'two-step-sign-in');
    await signInCode.fill('12');
    await signInCode.press('Enter');
    await page.getByText(TwoStepMessage.CodeFormat).waitFor();
    await signInCode.fill(await nextCode(app));
    await signInCode.press('Enter');
    await page.waitForURL(`${appUrl}/charity/dashboard`);

    // Now the payment account can be connected through Stripe's onboarding, once a code sent to the register's
    // email is entered (issue 41); both addresses are told.
    await page.goto(`${appUrl}/charity/preferences/payments`);
    await page.getByRole('button', { name: 'Connect with Stripe' }).click();
    const registerCode = page.getByLabel("Code from your charity's email");
    await registerCode.waitFor();
    await axeClean(page);
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page.getByText(PayoutMessage.CodeSent).waitFor();
    const registerMail = (await mailTo(`hello-${charity.registrationNumber}@example.org`)).filter((m) =>
      m.subject.includes('payout code'),
    );
    const mailedCode = /Your code is: (\d{6})/.exec(registerMail.at(-1)?.text ?? '')?.[1] ?? '';
    expect(mailedCode).toMatch(/^\d{6}$/);
    await shootBothWidths(page, SHOTS, 'payout-register-code');
    await registerCode.fill(mailedCode);
    await registerCode.press('Enter');
    await page.getByRole('button', { name: 'Agree and submit' }).click();
    await page.getByText('Payment account connected successfully!').waitFor();
    expect((await getItem(charity.userId, 'PROFILE'))?.stripe_account_id).toMatch(/^acct_\w+$/);
    for (const address of [charity.email, `hello-${charity.registrationNumber}@example.org`]) {
      expect((await mailTo(address)).map((m) => m.subject)).toContain(
        'The payment account of Fernhill Food Bank on Kindred changed',
      );
    }

    // Settings shows it on, with the way to turn it off.
    await page.goto(`${appUrl}/charity/settings#two-step`);
    await page.locator('#two-step').getByText('On', { exact: true }).waitFor();
    await page.locator('#two-step').getByRole('button', { name: 'Turn Off Two-Step Sign-In' }).waitFor();
    await axeClean(page);
    await shootBothWidths(page, SHOTS, 'two-step-on');
  });
});
