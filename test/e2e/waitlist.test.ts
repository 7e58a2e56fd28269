/// <reference lib="dom" />

import type { RegisterDonorRequest } from '@shared/api/schemas/donor';
import { DonorMessage } from '@shared/api/schemas/donor';
import type { Page } from 'playwright-core';
import { cloud } from '../support/cloud';
import { axeViolations, browserForFile, journeyTimeout } from './support/browser';

journeyTimeout(120_000);

const { appUrl } = cloud();
const PASSWORD = 'Quiet-Harbour-42!';
const NETWORK = 'Network error. Please check your connection and try again.';
const RATE_LIMITED = 'Too many signup attempts. Please wait an hour before trying again from this location.';

const session = browserForFile();

/** A value no other run (or test) has used: emails and usernames must be unique. */
const unique = (label: string) => `${label}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;

/** What the waitlist form asks for, the passwords aside; a journey may leave the gender unchosen (''). */
type Donor = Omit<RegisterDonorRequest, 'password' | 'confirmPassword' | 'gender'> & { gender: string };

function newDonor(label: string): Donor {
  const id = unique(label);
  return {
    email: `${id}@example.org`,
    username: id,
    forename: 'Robin',
    surname: 'Ashworth',
    dob: '1990-04-12',
    gender: 'non-binary',
  };
}

async function openForm(page: Page) {
  await page.goto(`${appUrl}/join-waitlist`);
  await page.getByRole('heading', { level: 1, name: 'Join the Waitlist' }).waitFor();
}

const submit = (page: Page) => page.getByRole('button', { name: 'Join the Waitlist' });
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function fillForm(page: Page, donor: Donor) {
  await field(page, 'Email').fill(donor.email);
  await field(page, 'Username').fill(donor.username);
  await field(page, 'First name').fill(donor.forename);
  await field(page, 'Last name').fill(donor.surname);
  await field(page, 'Date of birth').fill(donor.dob);
  await field(page, 'Gender').selectOption(donor.gender);
  await field(page, 'Password').fill(PASSWORD);
  await field(page, 'Confirm password').fill(PASSWORD);
}

/** The error text a field announces through aria-describedby (empty when it has none). */
function describedErrorOf(page: Page, label: string): Promise<string> {
  return field(page, label).evaluate((input) => {
    const ids = (input.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter((id) => id.endsWith('-error'));
    return ids.map((id) => document.getElementById(id)?.textContent?.trim() ?? '').join(' ');
  });
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

async function signUpByApi(donor: Donor) {
  const res = await fetch(`${appUrl}/api/register-donor`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...donor, password: PASSWORD, confirmPassword: PASSWORD }),
  });
  expect(res.status).toBe(200);
}

describe('/join-waitlist', () => {
  it('signs a donor up and lands on the thank-you page', async () => {
    const page = await session.newPage();
    await openForm(page);
    await expect(page.title()).resolves.toMatch(/^Join the Waitlist/);
    await expect(page.locator('meta[name="description"]').getAttribute('content')).resolves.toMatch(
      /Autumn 2025/,
    );
    await expect(page.locator('.waitlist-benefit').count()).resolves.toBe(3);
    expect(await axeViolations(page)).toEqual([]);

    await fillForm(page, newDonor('journey'));
    await expect(page.locator('.password-strength__label').textContent()).resolves.toBe('Strength: Strong');
    await expect(page.locator('.password-checklist li.is-met').count()).resolves.toBe(7);
    await expect(submit(page).isEnabled()).resolves.toBe(true);

    // Hold the answer back a moment to see the busy state.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/register-donor', async (route) => {
      await held;
      await route.continue();
    });
    await submit(page).click();
    const busy = page.getByRole('button', { name: 'Creating your account…' });
    await busy.waitFor();
    await expect(busy.getAttribute('aria-disabled')).resolves.toBe('true');
    await expect(page.locator('form').getAttribute('aria-busy')).resolves.toBe('true');
    release();

    await page.waitForURL(`${appUrl}/waitlist-thank-you`, { timeout: 20_000 });
    // The thank-you route module loads lazily: wait for its heading, not just the address.
    await page.getByRole('heading', { level: 1, name: 'Thank you, Robin!' }).waitFor({ timeout: 20_000 });
    await expect(page.evaluate(() => document.activeElement?.tagName)).resolves.toBe('H1');
    await expect(page.title()).resolves.toMatch(/^You're on the Waitlist/);
    await expect(page.getByRole('heading', { name: 'What happens next' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('Launching Autumn 2025').isVisible()).resolves.toBe(true);
    await expect(page.getByText(/donor app will use the account/).isVisible()).resolves.toBe(true);
    const social = page.getByRole('link', { name: /Instagram \(opens in a new tab\)/ });
    await expect(social.getAttribute('target')).resolves.toBe('_blank');
    await expect(social.getAttribute('rel')).resolves.toBe('noopener noreferrer');
    await expect(social.getAttribute('href')).resolves.toMatch(/^https:\/\/www\.instagram\.com\//);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL(`${appUrl}/`);
  });

  it('keeps Join disabled until every field is valid, and says what is missing', async () => {
    const page = await session.newPage();
    await openForm(page);
    const donor = newDonor('disabled');
    await expect(submit(page).isDisabled()).resolves.toBe(true);
    await expect(page.locator('#signup-submit-help').textContent()).resolves.toMatch(/email, username/);

    await fillForm(page, { ...donor, gender: '' });
    await expect(submit(page).isDisabled()).resolves.toBe(true);
    await expect(page.locator('#signup-submit-help').textContent()).resolves.toBe(
      'To join, please complete: gender.',
    );
    await field(page, 'Gender').selectOption('prefer-not-to-say');
    await expect(submit(page).isEnabled()).resolves.toBe(true);

    // Each rule on its own closes the door again.
    const breakers: [string, string][] = [
      ['Email', 'robin@example'],
      ['Username', 'ab'],
      ['First name', ' '],
      ['Password', 'Password-1234!'],
      ['Confirm password', `${PASSWORD}x`],
    ];
    for (const [label, value] of breakers) {
      const before = await field(page, label).inputValue();
      await field(page, label).fill(value);
      await expect(submit(page).isDisabled()).resolves.toBe(true);
      await field(page, label).fill(before);
      if (label === 'Password') await field(page, 'Confirm password').fill(PASSWORD);
      await expect(submit(page).isEnabled()).resolves.toBe(true);
    }

    // A rule's message shows once the field is left.
    await field(page, 'Confirm password').fill('Something-else-9!');
    await field(page, 'Confirm password').blur();
    await expect(describedErrorOf(page, 'Confirm password')).resolves.toBe('Passwords do not match');
  });

  it('refuses an under-18 date of birth in the browser', async () => {
    const page = await session.newPage();
    // UK dates on both sides of the page's load: a run across midnight sees either day (it failed once so).
    const ukToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    const eighteenYearsBefore = (day: string) => `${Number(day.slice(0, 4)) - 18}${day.slice(4)}`;
    const before = ukToday();
    await openForm(page);
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/register-donor')) apiCalls.push(r.url());
    });
    const max = await field(page, 'Date of birth').getAttribute('max');
    expect([eighteenYearsBefore(before), eighteenYearsBefore(ukToday())]).toContain(max);

    const dayAfter = new Date(`${max}T12:00:00Z`);
    dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
    await fillForm(page, { ...newDonor('young'), dob: dayAfter.toISOString().slice(0, 10) });
    await expect(describedErrorOf(page, 'Date of birth')).resolves.toBe(DonorMessage.TooYoung);
    await expect(field(page, 'Date of birth').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(submit(page).isDisabled()).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    expect(apiCalls).toEqual([]);

    // Eighteen today is old enough.
    await field(page, 'Date of birth').fill(max ?? '');
    await expect(describedErrorOf(page, 'Date of birth')).resolves.toBe('');
    await expect(submit(page).isEnabled()).resolves.toBe(true);
  });

  it('shows a username taken (in any case) on the username field and focuses it', async () => {
    const first = newDonor('Wren');
    await signUpByApi(first);
    const page = await session.newPage();
    await openForm(page);
    await fillForm(page, { ...newDonor('other'), username: first.username.toLowerCase() });
    await submit(page).click();
    await expect(page.locator('#signup-username-error').textContent()).resolves.toBe(
      DonorMessage.UsernameTaken,
    );
    await expect(describedErrorOf(page, 'Username')).resolves.toBe(DonorMessage.UsernameTaken);
    await expect(focusedId(page)).resolves.toBe('signup-username');
    expect(page.url()).toBe(`${appUrl}/join-waitlist`);
    expect(await axeViolations(page)).toEqual([]);
    // Editing the field clears the server's message.
    await field(page, 'Username').fill(unique('wren'));
    await expect(describedErrorOf(page, 'Username')).resolves.toBe('');
  });

  it('shows a duplicate email on the email field', async () => {
    const first = newDonor('dupe');
    await signUpByApi(first);
    const page = await session.newPage();
    await openForm(page);
    await fillForm(page, { ...newDonor('second'), email: first.email.toUpperCase() });
    await submit(page).click();
    await expect(page.locator('#signup-email-error').textContent()).resolves.toBe(DonorMessage.EmailTaken);
    await expect(describedErrorOf(page, 'Email')).resolves.toBe(DonorMessage.EmailTaken);
    await expect(focusedId(page)).resolves.toBe('signup-email');
  });

  it('shows the network message when the request never gets an answer', async () => {
    const page = await session.newPage();
    await openForm(page);
    await page.route('**/api/register-donor', (route) => route.abort('internetdisconnected'));
    await fillForm(page, newDonor('offline'));
    await submit(page).click();
    const alert = page.getByRole('alert').filter({ hasText: NETWORK });
    await alert.waitFor();
    await expect(submit(page).isEnabled()).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('shows the rate-limit message for a 429', async () => {
    const page = await session.newPage();
    await openForm(page);
    await page.route('**/api/register-donor', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          error: RATE_LIMITED,
          code: 'RATE_LIMITED',
          isRateLimit: true,
          rateLimitType: 'other',
          waitTime: 3600,
        }),
      }),
    );
    await fillForm(page, newDonor('limited'));
    await submit(page).click();
    await page.getByRole('alert').filter({ hasText: RATE_LIMITED }).waitFor();
    // Editing the form clears the message.
    await field(page, 'First name').fill('Robyn');
    await expect(page.getByText(RATE_LIMITED).count()).resolves.toBe(0);
  });

  it('is axe-clean in high-contrast mode on both pages', async () => {
    const page = await session.newPage();
    await page.addInitScript(() => localStorage.setItem('highContrastMode', 'true'));
    await openForm(page);
    await expect(
      page.evaluate(() => document.documentElement.classList.contains('high-contrast')),
    ).resolves.toBe(true);
    await field(page, 'Email').fill('robin@');
    await field(page, 'Email').blur();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${appUrl}/waitlist-thank-you`);
    await page.getByRole('heading', { level: 1, name: 'Thank you for joining!' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it.each(['/join-waitlist', '/waitlist-thank-you'])('%s has no sideways scroll at 320 px', async (path) => {
    const page = await session.newPage({ width: 320, height: 640 });
    await page.goto(`${appUrl}${path}`);
    await page.locator('h1').first().waitFor();
    if (path === '/join-waitlist') {
      await field(page, 'Password').fill('Quiet-harb');
      await field(page, 'Date of birth').fill('2015-03-02');
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
