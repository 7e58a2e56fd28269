/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PreferenceMessage } from '@shared/preferences';
import type { Page } from 'playwright-core';
import { TOUR_SEEN_KEY } from '../../web/src/features/tour/lib/tour-state';
import { createCharity, getItem, type TestCharity, writePage } from '../support/charity';
import { cloud } from '../support/cloud';
import { eventsDelivered, stripeSwitch } from '../support/payments';
import { withTwoStep } from '../support/two-step';
import { axeClean, browserForFile, journeyTimeout, sideways, waitForFocus } from './support/browser';
import { enterRegisterCode, signInAgainThroughPage, signInThroughPage } from './support/journeys';

journeyTimeout(120_000);

const { appUrl } = cloud();

/** Set PREFS_SCREENSHOTS=<folder> to keep a screenshot of every page and state these journeys visit. */
const SHOTS = process.env.PREFS_SCREENSHOTS;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  // From the top: the sticky site header would otherwise be drawn where the page was scrolled to.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
}

const session = browserForFile();

async function newPage(width = 1280) {
  const page = await session.newPage({ width, height: width < 500 ? 812 : 900 });
  // The guided tour would start by itself for an unfinished charity; these journeys are about the pages.
  await page.addInitScript((key) => window.localStorage.setItem(key, 'true'), TOUR_SEEN_KEY);
  return page;
}

/** A test charity signed in through the sign-in page (it lands on the dashboard). */
async function signedIn(page: Page, label: string, charityName?: string): Promise<TestCharity> {
  const charity = await createCharity({ label: `e2e-${label}`, charityName });
  await signInThroughPage(page, appUrl, charity);
  return charity;
}

/** Looks at the page at 375 px: nothing scrolls sideways, axe finds nothing. */
async function narrowCheck(page: Page, name: string) {
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  await axeClean(page);
  await shot(page, name);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Holds the preferences answer until released, so the loading state can be seen. */
async function holdPreferences(page: Page) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/me/preferences', async (route) => {
    await gate;
    await route.continue();
  });
  return () => release();
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor();

describe('account preferences pages', () => {
  it('without a session says User not authenticated, with the way back', async () => {
    const page = await newPage();
    for (const path of ['/charity/account-preferences', '/charity/preferences/display-name']) {
      await page.goto(`${appUrl}${path}`);
      const box = page.getByRole('alert').filter({ hasText: 'User not authenticated' });
      await box.waitFor();
      await box.getByRole('link', { name: 'Back to Dashboard' }).waitFor();
      await box.getByRole('link', { name: 'Sign in' }).waitFor();
    }
    await axeClean(page);
    await shot(page, 'not-authenticated');
  });

  it('account preferences: loading, the cards, the header, coming-soon location, error box, sign out', async () => {
    const page = await newPage();
    await signedIn(page, 'hub', 'Brambleford Community Larder');
    const release = await holdPreferences(page);
    await page.goto(`${appUrl}/charity/account-preferences`);
    await page.getByRole('status').filter({ hasText: 'Loading preferences...' }).waitFor();
    await shot(page, 'account-preferences-loading');
    release();
    await heading(page, 'Account Preferences');
    const cards = page.getByRole('list', { name: 'Preferences' });
    await cards.waitFor();
    const links = {
      'Profile Image': '/charity/preferences/profile-image',
      'Setup Payments': '/charity/preferences/payments',
      'Choose Display Name': '/charity/preferences/display-name',
      'Email Preferences': '/charity/preferences/email',
      Causes: '/charity/preferences/causes',
    };
    for (const [name, href] of Object.entries(links)) {
      await expect(cards.getByRole('link', { name }).getAttribute('href')).resolves.toBe(href);
    }
    // Location Settings is coming soon and not clickable.
    const location = cards.getByRole('listitem').filter({ hasText: 'Location Settings' });
    await location.getByText('Coming soon').waitFor();
    await expect(location.getByRole('link').count()).resolves.toBe(0);
    await cards.getByText('Not connected').waitFor();
    await cards.getByText('Donors see your charity as “Brambleford Community Larder”.').waitFor();

    const bar = page.getByRole('navigation', { name: 'Charity account' });
    await expect(bar.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).resolves.toBe(
      '/charity/dashboard',
    );
    await expect(bar.getByRole('link', { name: 'Settings' }).getAttribute('href')).resolves.toBe(
      '/charity/settings',
    );
    await axeClean(page);
    await shot(page, 'account-preferences');
    await narrowCheck(page, 'account-preferences');
    // High contrast: still clean.
    await page.getByRole('button', { name: 'High contrast' }).first().click();
    await page.waitForFunction(() => document.documentElement.classList.contains('high-contrast'));
    await axeClean(page);
    await shot(page, 'account-preferences-high-contrast');
    await page.getByRole('button', { name: 'High contrast' }).first().click();

    // The embedded tour can be toggled from here.
    await page.getByRole('button', { name: 'Show tour guide' }).click();
    await page.getByRole('button', { name: 'Hide tour guide' }).click();
    await page.getByRole('button', { name: 'Show tour guide' }).waitFor();

    // A card opens its page.
    await cards.getByRole('link', { name: 'Choose Display Name' }).click();
    await heading(page, 'Choose Display Name');
    await page.getByRole('link', { name: 'Account Preferences' }).click();
    await heading(page, 'Account Preferences');

    // Loading fails: the error box leads back to the dashboard.
    await page.route('**/api/me/preferences', (route) =>
      route.fulfill({ status: 500, json: { success: false, error: 'boom', code: 'INTERNAL' } }),
    );
    await page.reload();
    const box = page.getByRole('alert').filter({ hasText: 'Failed to load preferences. Please try again.' });
    await box.waitFor();
    await shot(page, 'account-preferences-error');
    await box.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL(`${appUrl}/charity/dashboard`);
    await page.unroute('**/api/me/preferences');

    await page.goto(`${appUrl}/charity/account-preferences`);
    await heading(page, 'Account Preferences');
    await bar.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${appUrl}/`);
  });

  it('display name: read-only official name, live counter capped at 100, the spec’s messages, saved trimmed', async () => {
    const page = await newPage();
    const charity = await signedIn(page, 'name', 'Hollowmere Riverside Trust');
    await page.goto(`${appUrl}/charity/preferences/display-name`);
    await heading(page, 'Choose Display Name');
    const official = page.getByLabel('Official charity name');
    await expect(official.inputValue()).resolves.toBe('Hollowmere Riverside Trust');
    await expect(official.getAttribute('readonly')).resolves.not.toBeNull();
    const input = page.getByLabel('Display name', { exact: true });
    await expect(input.inputValue()).resolves.toBe('Hollowmere Riverside Trust');
    await page.getByText('26/100 characters').waitFor();
    const save = page.getByRole('button', { name: 'Save Display Name' });

    await input.fill('');
    await page.getByText('Display name cannot be empty').waitFor();
    await page.getByText('0/100 characters').waitFor();
    await expect(save.isDisabled()).resolves.toBe(true);
    await input.fill('    ');
    await expect(save.isDisabled()).resolves.toBe(true);
    await axeClean(page);
    await shot(page, 'display-name-empty');

    // The input takes at most 100 characters.
    await input.fill('');
    await input.pressSequentially('R'.repeat(104), { delay: 0 });
    await expect(input.inputValue()).resolves.toHaveLength(100);
    await page.getByText('100/100 characters').waitFor();
    await expect(save.isDisabled()).resolves.toBe(false);

    await input.fill('  Hollowmere Hedgehogs  ');
    await save.click();
    const saved = page.getByText('Display name updated successfully!');
    await saved.waitFor();
    const shownAt = Date.now();
    await expect(input.inputValue()).resolves.toBe('Hollowmere Hedgehogs');
    await shot(page, 'display-name-saved');
    await saved.waitFor({ state: 'detached', timeout: 6_000 });
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(2_000);
    expect(shownFor).toBeLessThan(5_000);
    expect((await getItem(charity.userId, 'PROFILE'))?.display_name).toBe('Hollowmere Hedgehogs');
    await axeClean(page);
    await shot(page, 'display-name');
    await narrowCheck(page, 'display-name');

    // It is the name donors (and the dashboard) see.
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Hollowmere Hedgehogs' }).waitFor();
  });

  it('email preferences: read-only registered email, validation, toggles on by default, both upserts saved', async () => {
    const page = await newPage();
    const charity = await signedIn(page, 'email');
    const release = await holdPreferences(page);
    await page.goto(`${appUrl}/charity/preferences/email`);
    await page.getByText('Loading preferences...').waitFor();
    release();
    await heading(page, 'Email Preferences');
    const registered = page.getByLabel('Registered email');
    await expect(registered.inputValue()).resolves.toBe(charity.email);
    await expect(registered.getAttribute('readonly')).resolves.not.toBeNull();
    const tips = page.getByRole('switch', { name: 'Tips and best practices' });
    const performance = page.getByRole('switch', { name: 'Performance updates' });
    await expect(tips.isChecked()).resolves.toBe(true);
    await expect(performance.isChecked()).resolves.toBe(true);
    await axeClean(page);
    await shot(page, 'email');

    const preferred = page.getByLabel('Preferred contact email (optional)');
    await preferred.fill('not-an-address');
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await waitForFocus(preferred);
    await shot(page, 'email-invalid');

    await preferred.fill('  trustees@hollowmere.example.org ');
    await tips.press('Space');
    await expect(tips.isChecked()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    const saved = page.getByText('Email preferences saved successfully!');
    await saved.waitFor();
    await shot(page, 'email-saved');
    await saved.waitFor({ state: 'detached', timeout: 6_000 });
    expect(await getItem(charity.userId, 'PREFS#EMAIL')).toMatchObject({
      preferred_email: 'trustees@hollowmere.example.org',
      tips_notifications: false,
      performance_updates: true,
    });

    await page.reload();
    await heading(page, 'Email Preferences');
    await expect(preferred.inputValue()).resolves.toBe('trustees@hollowmere.example.org');
    await expect(tips.isChecked()).resolves.toBe(false);
    await preferred.fill('');
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await page.getByText('Email preferences saved successfully!').waitFor();
    expect((await getItem(charity.userId, 'PREFS#EMAIL'))?.preferred_email).toBeNull();

    // A failed save says which of the two failed.
    await page.route('**/api/me/preferences/email/notifications', (route) =>
      route.fulfill({
        status: 503,
        json: { success: false, error: 'Try later.', code: 'SERVICE_UNAVAILABLE' },
      }),
    );
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await page.getByText('Failed to save notification preferences: Try later.').waitFor();
    await narrowCheck(page, 'email');
  });

  it('profile image: type and size checks, preview, cancel, upload, and the dashboard header shows it', async () => {
    const page = await newPage();
    const charity = await signedIn(page, 'image', 'Brambleford Community Larder');
    await page.goto(`${appUrl}/charity/preferences/profile-image`);
    await heading(page, 'Profile Image');
    await page.getByText('No image chosen.').waitFor();
    await axeClean(page);
    await shot(page, 'profile-image');
    const chooser = page.locator('#profile-image-file');

    await chooser.setInputFiles({
      name: 'minutes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Minutes of the trustees meeting'),
    });
    await page.getByText('Please select an image file').waitFor();
    await chooser.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 1),
    });
    await page.getByText('Image must be smaller than 5MB').waitFor();
    await shot(page, 'profile-image-too-large');

    // A real PNG drawn in the page: re-encoded as JPEG before it is uploaded.
    const png = Buffer.from(
      await page.evaluate(() => {
        const canvas = document.createElement('canvas');
        canvas.width = 240;
        canvas.height = 240;
        const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
        ctx.fillStyle = '#0e5a52';
        ctx.fillRect(0, 0, 240, 240);
        ctx.fillStyle = '#f5d88a';
        ctx.beginPath();
        ctx.arc(120, 120, 70, 0, Math.PI * 2);
        ctx.fill();
        return canvas.toDataURL('image/png').split(',')[1] as string;
      }),
      'base64',
    );
    await chooser.setInputFiles({ name: 'larder-logo.png', mimeType: 'image/png', buffer: png });
    const preview = page.getByRole('img', { name: 'Preview of your new profile, not saved yet' });
    await preview.waitFor();
    await page.getByText('Chosen: larder-logo.png').waitFor();
    await axeClean(page);
    await shot(page, 'profile-image-preview');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await preview.waitFor({ state: 'detached' });
    await page.getByText('No image chosen.').waitFor();

    await chooser.setInputFiles({ name: 'larder-logo.png', mimeType: 'image/png', buffer: png });
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') uploads.push(request.url());
    });
    await page.getByRole('button', { name: 'Save Image' }).click();
    const saved = page.getByText('Profile image updated successfully!');
    await saved.waitFor();
    await shot(page, 'profile-image-saved');
    await preview.waitFor({ state: 'detached' });
    const name = (await getItem(charity.userId, 'PROFILE'))?.profile_image_name as string;
    expect(name).toMatch(/^profile_\d+_[0-9a-f]{12}\.jpg$/);
    // Presigned upload, then the save.
    expect(uploads.some((u) => u.endsWith('/api/me/media/uploads'))).toBe(true);
    expect(uploads.some((u) => u.endsWith('/api/me/preferences/profile-image'))).toBe(true);
    const current = page.getByRole('img', { name: "Your charity's current profile" });
    await expect(current.getAttribute('src')).resolves.toContain(`${charity.userId}/${name}`);
    // The stored file is the re-encoded JPEG.
    const stored = await page.evaluate(
      async (src) => {
        const res = await fetch(src);
        return {
          type: res.headers.get('content-type'),
          head: [...new Uint8Array(await res.arrayBuffer()).slice(0, 3)],
        };
      },
      (await current.getAttribute('src')) as string,
    );
    expect(stored.head).toEqual([0xff, 0xd8, 0xff]);
    await saved.waitFor({ state: 'detached', timeout: 6_000 });
    await narrowCheck(page, 'profile-image');

    // The dashboard header shows it.
    await page.getByRole('link', { name: 'Dashboard' }).click();
    // The header shows initials until the profile has loaded, then the image.
    const avatar = page.locator(`img.dash-avatar[src*="${name}"]`);
    await avatar.waitFor({ timeout: 20_000 });
    await expect(avatar.count()).resolves.toBe(1);
    await page.waitForFunction(
      () => ((document.querySelector('img.dash-avatar') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0,
    );
  });

  it('payments: Connect with Stripe (the local Stripe’s onboarding), the HMRC reference, setup finished with a main page', async () => {
    const page = await newPage();
    // Payment changes need a session signed in with two-step sign-in (its own journey: two-step-sign-in).
    // The page signs in as two-step goes on: its session is the one the test's API calls use too.
    const charity = await withTwoStep(
      await createCharity({ label: 'e2e-payments' }),
      undefined,
      signInAgainThroughPage(page, appUrl),
    );
    await page.goto(`${appUrl}/charity/preferences/payments`);
    await heading(page, 'Setup Payments');
    const card = page.locator('[data-tour="payments"]');
    await card.getByText('Not connected', { exact: true }).waitFor();
    await page
      .getByText('The card payment provider charges 1.4% plus 20p per transaction', { exact: false })
      .waitFor();
    await axeClean(page);
    await shot(page, 'payments');

    // Connect with Stripe: Stripe's onboarding page (the local Stripe's), Agree and submit, back here.
    await card.getByRole('button', { name: 'Connect with Stripe' }).click();
    // The register's email agrees first (issue 41: a code sent to the Charity Commission's address).
    await enterRegisterCode(page, charity);
    await page.waitForURL((url) => url.pathname.startsWith('/setup/e/'));
    await page.getByRole('heading', { name: 'Set up payments' }).waitFor();
    await page.getByRole('button', { name: 'Agree and submit' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${appUrl}/charity/preferences/payments`));
    const saved = page.getByText('Payment account connected successfully!');
    await saved.waitFor();
    // The return address's marker is gone, so a reload does not check again.
    expect(new URL(page.url()).search).toBe('');
    const accountId = (await getItem(charity.userId, 'PROFILE'))?.stripe_account_id as string;
    expect(accountId).toMatch(/^acct_\w+$/);
    await card.getByText('Connected', { exact: true }).waitFor();
    await card.getByText('Taking donations', { exact: true }).waitFor();
    await card.getByText(accountId).waitFor();
    await card.getByRole('button', { name: 'Update Details with Stripe' }).waitFor();
    await page.getByText('Next: create your main page.').waitFor();
    await axeClean(page);
    await shot(page, 'payments-linked');
    await saved.waitFor({ state: 'detached', timeout: 6_000 });
    expect((await getItem(charity.userId, 'VERIFICATION'))?.finished_setting_up_account).toBe(false);

    // Stripe turns donations off for the account (its account.updated event): the page says so after a reload.
    await stripeSwitch(`accounts/${accountId}`, { enabled: false });
    await eventsDelivered();
    await page.reload();
    await card.getByText('Not taking donations yet', { exact: true }).waitFor();
    await card.getByText('Stripe has not turned on donations for this account yet.').waitFor();
    await axeClean(page);
    await shot(page, 'payments-charges-off');
    await stripeSwitch(`accounts/${accountId}`, { enabled: true });
    await eventsDelivered();
    await page.reload();
    await card.getByText('Taking donations', { exact: true }).waitFor();

    // The HMRC charity reference: a wrong shape is said by the field; saved as HMRC writes it; removed.
    const giftAid = page.getByRole('region', { name: 'Gift Aid' });
    await giftAid.getByText('Gift Aid not offered', { exact: true }).waitFor();
    const reference = page.getByLabel('HMRC charity reference');
    await reference.fill('ABC-123');
    await giftAid.getByRole('button', { name: 'Save Reference' }).click();
    await giftAid.getByText(PreferenceMessage.HmrcReferenceFormat).waitFor();
    await expect(reference.getAttribute('aria-invalid')).resolves.toBe('true');
    await axeClean(page);
    await shot(page, 'payments-hmrc-invalid');
    await reference.fill(' ab 123 45 ');
    await reference.press('Enter');
    await giftAid.getByText(PreferenceMessage.HmrcReferenceSaved).waitFor();
    await giftAid.getByText('Gift Aid offered', { exact: true }).waitFor();
    await expect(reference.inputValue()).resolves.toBe('AB12345');
    expect((await getItem(charity.userId, 'PROFILE'))?.hmrc_reference).toBe('AB12345');
    await axeClean(page);
    await shot(page, 'payments-hmrc-saved');
    await narrowCheck(page, 'payments-hmrc-saved');
    await giftAid.getByRole('button', { name: 'Remove' }).click();
    await giftAid.getByText(PreferenceMessage.HmrcReferenceRemoved).waitFor();
    await giftAid.getByText('Gift Aid not offered', { exact: true }).waitFor();
    await expect(reference.inputValue()).resolves.toBe('');
    expect((await getItem(charity.userId, 'PROFILE'))?.hmrc_reference).toBeNull();

    // With a main page (its mission is the description), coming back from Stripe again finishes the setup.
    await writePage(charity.userId, {
      name: 'Our story',
      content: { page_description: 'Warm meals for every neighbour.' },
    });
    await card.getByRole('button', { name: 'Update Details with Stripe' }).click();
    await enterRegisterCode(page, charity);
    await page.getByRole('button', { name: 'Agree and submit' }).click();
    await page.getByText('Account setup complete.').waitFor();
    expect((await getItem(charity.userId, 'VERIFICATION'))?.finished_setting_up_account).toBe(true);
    expect((await getItem(charity.userId, 'PROFILE'))?.stripe_account_id).toBe(accountId);
    await axeClean(page);
    await shot(page, 'payments-complete');
    await narrowCheck(page, 'payments');

    await page.goto(`${appUrl}/charity/account-preferences`);
    await page.getByRole('list', { name: 'Preferences' }).getByText('Connected', { exact: true }).waitFor();
  });

  it('notifications and branding are coming soon, with a link back', async () => {
    const page = await newPage();
    await signedIn(page, 'soon');
    for (const [path, title, name] of [
      ['/charity/preferences/notifications', 'Notification Settings', 'notifications'],
      ['/charity/preferences/branding', 'Brand Colours', 'branding'],
    ] as const) {
      await page.goto(`${appUrl}${path}`);
      await heading(page, title);
      await page.getByRole('heading', { level: 2, name: 'Coming soon' }).waitFor();
      await axeClean(page);
      await shot(page, name);
      await narrowCheck(page, name);
      await page.getByRole('link', { name: 'Back to Account Preferences' }).click();
      await heading(page, 'Account Preferences');
    }
  });
});
