/// <reference lib="dom" />

import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { brand } from '@shared/brand';
import { PasswordMessage } from '@shared/password';
import { REGISTRATIONS_PER_NUMBER, VerificationMessage } from '@shared/verification';
import type { Page } from 'playwright-core';
import { rateLimits } from '../../lambdas/data/rate-limits';
import {
  REGISTRATION_RATE_SCOPE,
  REGISTRATIONS_PER_NUMBER_RULE,
} from '../../lambdas/domain/charity-accounts/register-charity';
import { cloud } from '../support/cloud';
import { cognitoClient, createUser } from '../support/identity';
import { sampleCharity } from '../support/numbers';
import { testTable } from '../support/table';
import { rewindCode } from '../support/tampering';
import { axeViolationsFromTop, browserForFile, journeyTimeout, sideways } from './support/browser';
import { pageIdToken } from './support/journeys';

journeyTimeout(120_000);

const { appUrl, mailboxUrl } = cloud();
const PASSWORD = 'Quiet-Harbour-42!';
const NEW_PASSWORD = 'Lantern-Meadow-77?';
/** On the breached-password list (SecLists' top million, as `onlyOne4-myXworld`). */
const BREACHED_PASSWORD = 'OnlyOne4-MyXWorld';
const DONOR_REFUSED =
  "Sorry, this sign-in portal is only for registered charities. Please use the donor portal if you're a donor.";

/**
 * Charities of the fictional sample register (infra/local/register-sample), one of its own per journey
 * (`sampleCharity`): an account per number is the rule. Those the finder journeys look at are never handed out.
 */
const CHARITY = {
  journey: sampleCharity(),
  duplicate: sampleCharity(),
  emailTaken: sampleCharity(),
  emailTakenSecond: sampleCharity(),
  reset: sampleCharity(),
  settings: sampleCharity(),
  remove: sampleCharity(),
  noEmail: sampleCharity({ registerEmail: false }),
  capped: sampleCharity(),
  narrow: sampleCharity(),
};

const session = browserForFile();

const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;

interface StoredEmail {
  subject: string;
  destination?: { to?: string[] };
  to?: string[] | string;
  body?: { text?: string; html?: string };
  text?: string;
}

async function mailbox(): Promise<StoredEmail[]> {
  const res = await fetch(`${mailboxUrl}/store`);
  return ((await res.json()) as { emails: StoredEmail[] }).emails;
}

const recipients = (mail: StoredEmail) => JSON.stringify(mail.destination?.to ?? mail.to ?? '');
const textOf = (mail: StoredEmail) => mail.body?.text ?? mail.text ?? '';

/** Waits for the newest email to `to` whose text matches `pattern`; returns the first capture group. */
async function readFromMail(to: string, pattern: RegExp, notBefore = 0): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const found = (await mailbox())
      .slice(notBefore)
      .filter((m) => recipients(m).includes(to))
      .map((m) => textOf(m).match(pattern)?.[1])
      .filter(Boolean)
      .at(-1);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no email to ${to} matching ${pattern}`);
}

/** The register's email for a sample charity (where its verification code goes). */
async function registerEmailOf(number: string): Promise<string> {
  const res = await fetch(`${appUrl}/api/get-charity-details`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ registrationNumber: number }),
  });
  const body = (await res.json()) as { charity: { email: string } };
  return body.charity.email;
}

async function fillRegistration(page: Page, values: { number: string; email: string; password?: string }) {
  await page.goto(`${appUrl}/charity/register`);
  await page.getByLabel('Charity registration number').fill(values.number);
  await page.getByLabel('Email', { exact: true }).fill(values.email);
  await page.getByLabel('Password', { exact: true }).fill(values.password ?? PASSWORD);
  await page.getByLabel('Confirm password').fill(values.password ?? PASSWORD);
}

/** Registers through the API only (for the duplicate journeys). */
async function registerByApi(number: string, email = uniqueEmail('api')) {
  const res = await fetch(`${appUrl}/api/register-charity`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, charityRegistrationNumber: number }),
  });
  expect(res.status).toBe(200);
  return email;
}

async function signInThroughPage(page: Page, email: string, password: string) {
  await page.goto(`${appUrl}/charity/signin`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * A charity registered (through the API, as the form posts it) and signed in through the page, on its dashboard:
 * for the journeys whose subject comes after registering (the registration form's own is the first journey's).
 */
async function registeredAndSignedIn(page: Page, number: string) {
  const email = await registerByApi(number, uniqueEmail('charity'));
  await signInThroughPage(page, email, PASSWORD);
  await page.waitForURL(`${appUrl}/charity/dashboard`, { timeout: 20_000 });
  await page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Your dashboard' }).waitFor();
  return email;
}

/** axe once the lazy page has rendered its heading. */
async function axeReady(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return axeViolationsFromTop(page);
}

const emailError = (page: Page, id: string) => page.locator(`#${id}-error`);

describe('charity registration and email verification', () => {
  it('registers, signs in automatically, verifies the register email with the mailed code, reaches the dashboard', async () => {
    const page = await session.newPage();
    const amplifyLoads: string[] = [];
    page.on('request', (r) => {
      if (/amplify-session/.test(r.url())) amplifyLoads.push(r.url());
    });
    // The landing page loads nothing of Amplify.
    await page.goto(`${appUrl}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(amplifyLoads).toEqual([]);

    await page.goto(`${appUrl}/charity/register`);
    const register = page.getByRole('button', { name: 'Register' });
    await expect(register.isDisabled()).resolves.toBe(true);
    await expect(page.getByText('Test mode:').textContent()).resolves.toContain(
      'Charity Commission register',
    );
    expect(await axeReady(page)).toEqual([]);
    // Nor does the registration form, until it is submitted.
    expect(amplifyLoads).toEqual([]);

    // Live checklist and strength bar from the shared password rules.
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('abc');
    await expect(page.locator('.password-strength__label').textContent()).resolves.toBe('Strength: Weak');
    await password.fill('Abcdefghij1');
    await expect(page.locator('.password-strength__label').textContent()).resolves.toBe('Strength: Good');
    await expect(register.isDisabled()).resolves.toBe(true);
    await password.fill(PASSWORD);
    await expect(page.locator('.password-strength__label').textContent()).resolves.toBe('Strength: Strong');
    await expect(page.locator('.password-checklist li.is-met').count()).resolves.toBe(7);
    await expect(register.isDisabled()).resolves.toBe(false);
    // Show/hide toggle.
    await page.getByRole('button', { name: 'Show password', exact: true }).click();
    await expect(password.getAttribute('type')).resolves.toBe('text');
    await page.getByRole('button', { name: 'Hide password', exact: true }).click();
    await expect(password.getAttribute('type')).resolves.toBe('password');

    // Field errors in the spec's words, cleared when the field is edited.
    await register.click();
    await expect(emailError(page, 'register-number').textContent()).resolves.toBe(
      'Charity registration number is required',
    );
    await expect(emailError(page, 'register-email').textContent()).resolves.toBe('Email is required');
    await expect(emailError(page, 'register-confirm').textContent()).resolves.toBe(
      'Please confirm your password',
    );
    await page.getByLabel('Email', { exact: true }).fill('x');
    await expect(emailError(page, 'register-email').count()).resolves.toBe(0);

    // A number not on the register is an error on that field.
    await fillRegistration(page, { number: '5199999', email: uniqueEmail('unknown') });
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(emailError(page, 'register-number').textContent()).resolves.toMatch(/couldn't find/);

    const registerEmail = await registerEmailOf(CHARITY.journey.number);
    const before = (await mailbox()).length;
    await fillRegistration(page, { number: CHARITY.journey.number, email: uniqueEmail('journey') });
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Registration successful!').waitFor();
    const started = Date.now();
    await page.waitForURL(`${appUrl}/charity/dashboard`);
    expect(Date.now() - started).toBeGreaterThan(800);
    expect(amplifyLoads.length).toBeGreaterThan(0);
    await page.getByRole('heading', { level: 1, name: CHARITY.journey.name }).waitFor();
    await expect(page.getByText('Pending Verification').count()).resolves.toBeGreaterThan(0);
    expect(await axeReady(page)).toEqual([]);

    await page.getByRole('link', { name: 'Verify your charity email' }).click();
    await page.waitForURL(`${appUrl}/charity/email-verification`);
    const code = page.getByLabel('Verification code');
    await code.waitFor();
    await expect(page.locator('.sent-details__to').textContent()).resolves.toContain(registerEmail);
    await expect(page.getByText('Check your junk or spam folder').count()).resolves.toBe(1);
    await expect(page.getByText('deleted automatically').count()).resolves.toBe(1);
    await expect(page.getByRole('heading', { name: 'Why We Verify' }).count()).resolves.toBe(1);
    await expect(page.locator('.charity-facts').textContent()).resolves.toContain(CHARITY.journey.number);
    await expect(code.getAttribute('inputmode')).resolves.toBe('numeric');
    expect(await axeReady(page)).toEqual([]);

    // Digits only, at most six; exactly six required.
    await code.fill('12ab');
    await expect(code.inputValue()).resolves.toBe('12');
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await expect(emailError(page, 'verification-code').textContent()).resolves.toBe(
      VerificationMessage.CodeFormat,
    );
    // A wrong code: the server's message; an immediate retry: the 5 s client throttle.
    const mailed = await readFromMail(registerEmail, /code is:?\s*(\d{6})\b/, before);
    const wrong = mailed === '000000' ? '111111' : '000000';
    await code.fill(wrong);
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await expect(emailError(page, 'verification-code').textContent()).resolves.toMatch(
      /Invalid verification code/,
    );
    expect(await page.evaluate(() => localStorage.getItem('lastVerificationAttempt'))).toMatch(/^\d+$/);
    await code.fill(mailed);
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await expect(emailError(page, 'verification-code').textContent()).resolves.toBe(
      VerificationMessage.WaitBeforeRetry,
    );
    // Within 30 s of the registration's code Resend waits, counting down from the server's wait
    // (test/e2e/forms-tell-the-truth.test.ts follows the countdown).
    await page.locator('#resend-countdown').waitFor();
    await expect(page.getByRole('button', { name: 'Resend Code' }).isDisabled()).resolves.toBe(true);

    // The server also allows one attempt per 5 s: its record of the wrong attempt is moved back 5 s, as if
    // the wait had passed (the server reads the real clock).
    const { sub } = JSON.parse(
      Buffer.from((await pageIdToken(page)).split('.')[1] as string, 'base64url').toString(),
    );
    await rewindCode(sub as string, 'last_attempt_at', Date.now() - 5_500);
    await page.evaluate(() => localStorage.removeItem('lastVerificationAttempt'));
    await code.fill(mailed);
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await page.getByText(VerificationMessage.Verified).waitFor();
    await page.waitForURL(`${appUrl}/charity/dashboard`);
    await page.locator('.status-pill--verified').waitFor();

    // Already verified: the verification page sends the charity straight on.
    await page.goto(`${appUrl}/charity/email-verification`);
    await page.waitForURL(`${appUrl}/charity/dashboard`);
  });

  it('opens the already-registered modal with the charity name; Escape closes it and focus returns', async () => {
    await registerByApi(CHARITY.duplicate.number);
    const page = await session.newPage();
    await fillRegistration(page, { number: CHARITY.duplicate.number, email: uniqueEmail('dup') });
    const register = page.getByRole('button', { name: 'Register' });
    await register.click();
    const dialog = page.getByRole('dialog', { name: 'Charity already registered' });
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain(CHARITY.duplicate.name);
    await expect(dialog.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).resolves.toBe(
      '/charity/support',
    );
    // Focus starts inside and stays inside.
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
    }
    expect(await axeReady(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog.count()).resolves.toBe(0);
    await page.waitForFunction(() => document.activeElement?.id === 'register-submit');
    // Close works too.
    await register.click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog.count()).resolves.toBe(0);
  });

  it('opens the email-already-registered modal with links to support and sign-in', async () => {
    const email = await registerByApi(CHARITY.emailTaken.number);
    const page = await session.newPage();
    await fillRegistration(page, { number: CHARITY.emailTakenSecond.number, email });
    await page.getByRole('button', { name: 'Register' }).click();
    const dialog = page.getByRole('dialog', { name: 'Email already registered' });
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain(
      'This email address is already registered with a charity account on Kindred',
    );
    await expect(dialog.getByRole('link', { name: 'Contact Support' }).count()).resolves.toBe(1);
    expect(await axeReady(page)).toEqual([]);
    await dialog.getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL(`${appUrl}/charity/signin`);
  });

  it('tells a number registered 3 times in 30 days to contact support, not to try again in an hour', async () => {
    // The number's 30-day window already holds its 3 registrations (spent through the domain's own counter).
    const rates = rateLimits(testTable());
    for (let i = 0; i < REGISTRATIONS_PER_NUMBER.limit; i += 1)
      await rates.hit(
        REGISTRATION_RATE_SCOPE.number,
        CHARITY.capped.number,
        REGISTRATIONS_PER_NUMBER_RULE,
        new Date(),
      );
    const page = await session.newPage();
    await fillRegistration(page, { number: CHARITY.capped.number, email: uniqueEmail('capped') });
    await page.getByRole('button', { name: 'Register' }).click();
    const message = emailError(page, 'register-email');
    await message.waitFor();
    const text = await message.textContent();
    expect(text).toContain('registered too many times recently');
    expect(text).toContain(brand.supportEmail);
    expect(text).toContain('up to 30 days');
    expect(text).not.toContain('in an hour');
    expect(await axeReady(page)).toEqual([]);
  });

  it('gives a charity with no email on the register the contact-the-team path', async () => {
    const page = await session.newPage();
    await registeredAndSignedIn(page, CHARITY.noEmail.number);
    await page.goto(`${appUrl}/charity/email-verification`);
    await page.getByText(VerificationMessage.NoRegisterEmail).waitFor();
    await expect(page.getByLabel('Verification code').count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: 'Contact Support' }).count()).resolves.toBeGreaterThan(0);
    expect(await axeReady(page)).toEqual([]);
  });
});

describe('charity sign-in', () => {
  it('shows every error under the email field and sends a signed-out visitor to sign in', async () => {
    const page = await session.newPage();
    await page.goto(`${appUrl}/charity/dashboard`);
    await page.waitForURL(`${appUrl}/charity/signin`);
    expect(await axeReady(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(emailError(page, 'signin-email').textContent()).resolves.toBe('Email is required');
    await expect(emailError(page, 'signin-password').textContent()).resolves.toBe('Password is required');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(emailError(page, 'signin-email').textContent()).resolves.toBe(
      'Please enter a valid email address',
    );

    await signInThroughPage(page, uniqueEmail('nobody'), PASSWORD);
    await expect(emailError(page, 'signin-email').textContent()).resolves.toBe(
      'Invalid email or password. Please check your details and try again.',
    );
    const { email } = await createUser('charity');
    await signInThroughPage(page, email, 'Wrong-Password-1!');
    await expect(emailError(page, 'signin-email').textContent()).resolves.toBe(
      'Invalid email or password. Please check your details and try again.',
    );
    await expect(
      page.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href'),
    ).resolves.toBe('/charity/forgot-password');
  });

  it('refuses a donor with the donor-portal message and keeps no session', async () => {
    const donor = await createUser('donor');
    const page = await session.newPage();
    await signInThroughPage(page, donor.email, donor.password);
    await expect(emailError(page, 'signin-email').textContent()).resolves.toBe(DONOR_REFUSED);
    expect(page.url()).toBe(`${appUrl}/charity/signin`);
    const tokens = await page.evaluate(() =>
      Object.keys(localStorage).filter(
        (k) => k.startsWith('CognitoIdentityServiceProvider') && /Token$/.test(k),
      ),
    );
    expect(tokens).toEqual([]);
  });
});

describe('password recovery', () => {
  it('mails a reset link, sets a new password, redirects to sign-in, and the new password works', async () => {
    const page = await session.newPage();
    // Registered, never signed in on this device.
    const email = await registerByApi(CHARITY.reset.number);
    await page.goto(`${appUrl}/charity/forgot-password`);
    expect(await axeReady(page)).toEqual([]);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(emailError(page, 'forgot-email').textContent()).resolves.toBe(
      'Please enter your email address',
    );
    const before = (await mailbox()).length;
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.locator('.notice--success').waitFor();
    const link = await readFromMail(email, /(https?:\/\/\S*reset-password#token=[\w-]+)/, before);

    await page.goto(link.replace(/^https?:\/\/[^/]+/, appUrl));
    const fresh = page.getByLabel('New Password', { exact: true });
    await fresh.waitFor();
    // The token left the address bar on arrival.
    expect(page.url()).toBe(`${appUrl}/charity/reset-password`);
    await expect(page.getByRole('heading', { name: 'Security Notice' }).count()).resolves.toBe(1);
    const submit = page.getByRole('button', { name: 'Update Password' });
    await expect(submit.isDisabled()).resolves.toBe(true);
    expect(await axeReady(page)).toEqual([]);
    await fresh.fill('short');
    await page.getByLabel('Confirm New Password').fill('short');
    await submit.click();
    await page.getByText('Password must be at least 12 characters long').waitFor();
    // A password on the breached list passes the form's rules; the server refuses it, in our words, on its field.
    await fresh.fill(BREACHED_PASSWORD);
    await page.getByLabel('Confirm New Password').fill(BREACHED_PASSWORD);
    await submit.click();
    await page.getByText(PasswordMessage.Breached).waitFor();
    expect(await axeReady(page)).toEqual([]);
    await fresh.fill(NEW_PASSWORD);
    await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
    await submit.click();
    await page
      .getByText('Password updated successfully! You can now sign in with your new password.')
      .waitFor();
    await page.waitForURL(`${appUrl}/charity/signin`);

    await signInThroughPage(page, email, PASSWORD);
    await emailError(page, 'signin-email').waitFor();
    await signInThroughPage(page, email, NEW_PASSWORD);
    await page.waitForURL(`${appUrl}/charity/dashboard`);

    // The link works once.
    await page.goto(link.replace(/^https?:\/\/[^/]+/, appUrl));
    await page.getByRole('heading', { name: 'Invalid Reset Link' }).waitFor();
  });

  it('shows the invalid-link screen with both ways on, also without a token and no session', async () => {
    const page = await session.newPage();
    await page.goto(`${appUrl}/charity/reset-password#token=not-a-real-token`);
    await page.getByRole('heading', { level: 1, name: 'Invalid Reset Link' }).waitFor();
    await page.getByText('Invalid or expired reset link. Please request a new password reset.').waitFor();
    expect(await axeReady(page)).toEqual([]);
    await page.getByRole('link', { name: 'Request New Reset Link' }).click();
    await page.waitForURL(`${appUrl}/charity/forgot-password`);
    await page.goto(`${appUrl}/charity/reset-password`);
    await page.getByRole('heading', { level: 1, name: 'Invalid Reset Link' }).waitFor();
    // A token in the query string is not read.
    await page.goto(`${appUrl}/charity/reset-password?token=not-a-real-token`);
    await page.getByRole('heading', { level: 1, name: 'Invalid Reset Link' }).waitFor();
    await page.getByRole('link', { name: 'Back to Sign In' }).click();
    await page.waitForURL(`${appUrl}/charity/signin`);
  });
});

describe('settings', () => {
  it('changes the password for real: a wrong current password is refused, the new one signs in', async () => {
    const page = await session.newPage();
    const email = await registeredAndSignedIn(page, CHARITY.settings.number);
    await page.getByRole('link', { name: 'Settings' }).first().click();
    await page.getByRole('heading', { name: 'Change Password' }).waitFor();
    expect(await axeReady(page)).toEqual([]);
    await page.getByLabel('Current Password').fill('Not-The-Password-9!');
    await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(emailError(page, 'settings-current').textContent()).resolves.toBe(
      'Current password is incorrect',
    );
    const refreshToken = () =>
      page.evaluate(() => {
        const key = Object.keys(localStorage).find((k) => k.endsWith('.refreshToken'));
        return key ? localStorage.getItem(key) : null;
      });
    const before = await refreshToken();
    await page.getByLabel('Current Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Password updated successfully.').waitFor();
    // Every session was signed out, this one too: the page signed in again with the new password.
    const after = await refreshToken();
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    const refresh = (token: string) =>
      cognitoClient().send(
        new InitiateAuthCommand({
          ClientId: cloud().env.CHARITY_CLIENT_ID,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: token },
        }),
      );
    await expect(refresh(before as string)).rejects.toBeDefined();
    await expect(refresh(after as string)).resolves.toHaveProperty('AuthenticationResult');
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.waitForURL(`${appUrl}/charity/dashboard`);

    const other = await session.newPage();
    await signInThroughPage(other, email, NEW_PASSWORD);
    await other.waitForURL(`${appUrl}/charity/dashboard`);
  });

  it('deletes the account only after DELETEACCOUNT, goes home, and the account can no longer sign in', async () => {
    const page = await session.newPage();
    const email = await registeredAndSignedIn(page, CHARITY.remove.number);
    await page.goto(`${appUrl}/charity/settings`);
    const open = page.getByRole('button', { name: 'Delete Account' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete Account' });
    await dialog.getByLabel('Type DELETEACCOUNT to confirm').fill('deleteaccount');
    await expect(confirm.isDisabled()).resolves.toBe(true);
    expect(await axeReady(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog.count()).resolves.toBe(0);
    await page.waitForFunction(() => document.activeElement?.textContent === 'Delete Account');

    await open.click();
    await dialog.getByLabel('Type DELETEACCOUNT to confirm').fill('DELETEACCOUNT');
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await page.waitForURL(`${appUrl}/`);

    await signInThroughPage(page, email, PASSWORD);
    await expect(emailError(page, 'signin-email').textContent()).resolves.toBe(
      'Invalid email or password. Please check your details and try again.',
    );
  });
});

describe('small screens', () => {
  it('has no sideways scroll at 320 px on any charity access page', async () => {
    const page = await session.newPage({ width: 320, height: 700 });
    for (const path of [
      '/charity/register',
      '/charity/signin',
      '/charity/forgot-password',
      '/charity/reset-password#token=x',
    ]) {
      await page.goto(`${appUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect({ path, overflow: await sideways(page) }).toEqual({ path, overflow: 0 });
    }
    await registeredAndSignedIn(page, CHARITY.narrow.number);
    for (const path of ['/charity/dashboard', '/charity/email-verification', '/charity/settings']) {
      await page.goto(`${appUrl}${path}`);
      await page.locator('.page-loading-text').waitFor({ state: 'detached' });
      expect({ path, overflow: await sideways(page) }).toEqual({ path, overflow: 0 });
    }
    expect(await axeReady(page)).toEqual([]);
  });
});
