/// <reference lib="dom" />
import type { Locator, Page } from 'playwright-core';
import { createCharity, type TestCharity } from '../support/charity';
import { cloud } from '../support/cloud';
import { axeViolations, browserForFile, journeyTimeout, sideways } from './support/browser';
import { signInThroughPage } from './support/journeys';

journeyTimeout(240_000);

const { appUrl } = cloud();

const session = browserForFile();

/**
 * A page in a context of its own, made here rather than by `session.newPage()` so these journeys always
 * start on a device that has never seen the tour, whatever the shared helper sets up for other suites.
 */
async function devicePage(
  opts: {
    width?: number;
    height?: number;
    highContrast?: boolean;
    reducedMotion?: 'reduce' | 'no-preference';
  } = {},
): Promise<Page> {
  const context = await session.browser.newContext({
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
    reducedMotion: opts.reducedMotion ?? 'reduce',
    locale: 'en-GB',
  });
  if (opts.highContrast) {
    await context.addInitScript(() => localStorage.setItem('highContrastMode', 'true'));
  }
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

const ready = (page: Page) => page.getByRole('tablist', { name: 'Dashboard sections' }).waitFor();

async function signIn(page: Page, charity: TestCharity) {
  await signInThroughPage(page, appUrl, charity);
  await ready(page);
}

const sidebarOf = (page: Page) => page.getByRole('complementary', { name: 'Guided tour' });
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
/** Waits until the named dashboard tab is the selected one. */
const selected = (page: Page, name: string) =>
  page.locator('[role="tab"][aria-selected="true"]', { hasText: new RegExp(`^${name}$`) }).waitFor();

/** Waits for the sidebar to show a step, and checks its count, percentage and progress bar. */
async function atStep(sidebar: Locator, n: number, title?: string) {
  const percent = Math.round((n / 22) * 100);
  await sidebar.getByText(`Step ${n} of 22`, { exact: true }).waitFor();
  await sidebar.getByText(`${percent}%`, { exact: true }).waitFor();
  const bar = sidebar.getByRole('progressbar', { name: 'Tour progress' });
  await expect(bar.getAttribute('aria-valuenow')).resolves.toBe(String(percent));
  if (title) await sidebar.getByRole('heading', { level: 2, name: title }).waitFor();
}

const tourState = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('guidedTour') ?? 'null'));
const seenFlag = (page: Page) => page.evaluate(() => localStorage.getItem('hasSeenGuidedTour'));

/** Proves the tour did not start: the dashboard is ready and, after the profile's effects ran, no sidebar. */
async function noTour(page: Page) {
  await ready(page);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await expect(sidebarOf(page).count()).resolves.toBe(0);
}

describe('guided tour', () => {
  it('starts by itself for a new unfinished charity and walks through tabs and pages, forwards and back', async () => {
    const charity = await createCharity({ label: 'tour-walk', flags: { verified: true } });
    const page = await devicePage();
    await signIn(page, charity);

    // Started by itself, focus on the step's title.
    const sidebar = sidebarOf(page);
    await sidebar.waitFor();
    await atStep(sidebar, 1, 'Welcome to Kindred');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(
      'Welcome to Kindred',
    );
    await expect(sidebar.getByRole('button', { name: 'Previous' }).isDisabled()).resolves.toBe(true);
    await expect(tourState(page)).resolves.toEqual({ isActive: true, currentStep: 0, totalSteps: 22 });
    // The welcome is highlighted.
    await page.locator('[data-tour="welcome"][data-tour-highlight]').waitFor();
    await page.locator('.tour-spotlight').waitFor();

    // The page is out of reach: no clicks, no keyboard focus, only the tour's controls.
    await expect(tab(page, 'Analytics').click({ timeout: 1_500 })).rejects.toThrow();
    await tab(page, 'Analytics').click({ force: true });
    await page.getByRole('link', { name: 'Settings' }).first().click({ force: true });
    await page.waitForTimeout(300);
    expect(page.url()).toBe(`${appUrl}/charity/dashboard`);
    await expect(tab(page, 'Overview').getAttribute('aria-selected')).resolves.toBe('true');
    await expect(tab(page, 'Analytics').evaluate((el) => el.closest('[inert]') !== null)).resolves.toBe(true);
    const focusedOutside: string[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const outside = await page.evaluate(() => {
        const el = document.activeElement;
        return el && el !== document.body && !el.closest('.tour-sidebar') ? el.outerHTML.slice(0, 80) : null;
      });
      if (outside) focusedOutside.push(outside);
    }
    expect(focusedOutside).toEqual([]);

    expect(await axeViolations(page)).toEqual([]);

    // Next, step by step: progress, polite announcement, tabs switched.
    const next = sidebar.getByRole('button', { name: 'Next' });
    await next.click();
    await atStep(sidebar, 2, 'Your overview');
    await sidebar.locator('[aria-live="polite"]', { hasText: 'Step 2 of 22: Your overview' }).waitFor();
    await expect(page.evaluate(() => document.activeElement?.textContent?.trim())).resolves.toBe('Next');
    await next.click();
    await atStep(sidebar, 3, 'Going live');
    await page.locator('[data-tour="live-status"][data-tour-highlight]').waitFor();
    await next.click();
    await next.click();
    await atStep(sidebar, 5);
    await next.click();
    await atStep(sidebar, 6, 'Analytics');
    await selected(page, 'Analytics');
    await next.click();
    await atStep(sidebar, 7, 'Your main page');
    await selected(page, 'Setup Main Page');
    for (const n of [8, 9, 10]) {
      await next.click();
      await atStep(sidebar, n);
      await selected(page, 'Setup Main Page');
    }
    await next.click();
    await atStep(sidebar, 11, 'Your explore view');
    await selected(page, 'Setup Explore View');
    await next.click();
    await atStep(sidebar, 12);
    await next.click();
    await atStep(sidebar, 13, 'Create posts');
    await selected(page, 'Create Posts');
    await next.click();
    await atStep(sidebar, 14, 'View your posts');
    await selected(page, 'View Posts');
    expect(await axeViolations(page)).toEqual([]);

    // Then the account pages, settings and support, the sidebar staying with the visitor.
    const pages: [number, string, string][] = [
      [15, '/charity/account-preferences', 'Account preferences'],
      [16, '/charity/preferences/profile-image', 'Your profile image'],
      [17, '/charity/preferences/payments', 'Payments'],
      [18, '/charity/preferences/display-name', 'Your display name'],
      [19, '/charity/preferences/email', 'Email preferences'],
      [20, '/charity/settings', 'Settings'],
      [21, '/charity/support', 'Help and support'],
    ];
    for (const [n, path, title] of pages) {
      await next.click();
      await page.waitForURL(`${appUrl}${path}`);
      await atStep(sidebar, n, title);
      // The page itself is there behind the sidebar (not the not-found page).
      const heading = page.locator('main h1');
      await heading.waitFor();
      await expect(heading.textContent()).resolves.not.toBe("We can't find that page");
      if (n === 17) {
        // The step survives a reload.
        await page.reload();
        await atStep(sidebarOf(page), 17, 'Payments');
        await expect(tourState(page)).resolves.toEqual({ isActive: true, currentStep: 16, totalSteps: 22 });
      }
    }
    expect(await axeViolations(page)).toEqual([]);

    // Previous goes back, to the dashboard with the step's tab selected once the page has loaded.
    const previous = sidebar.getByRole('button', { name: 'Previous' });
    for (const n of [20, 19, 18, 17, 16, 15]) {
      await previous.click();
      await atStep(sidebar, n);
    }
    await page.waitForURL(`${appUrl}/charity/account-preferences`);
    await previous.click();
    await page.waitForURL(`${appUrl}/charity/dashboard`);
    await atStep(sidebar, 14, 'View your posts');
    await ready(page);
    await selected(page, 'View Posts');
    await previous.click();
    await atStep(sidebar, 13);
    await selected(page, 'Create Posts');

    // Escape ends the tour and marks it seen; the page works again.
    await page.keyboard.press('Escape');
    await sidebar.waitFor({ state: 'detached' });
    await expect(seenFlag(page)).resolves.toBe('true');
    await expect(tourState(page)).resolves.toMatchObject({ isActive: false });
    await tab(page, 'Analytics').click();
    await selected(page, 'Analytics');

    // Seen: a reload does not start it again.
    await page.reload();
    await noTour(page);

    // Take Dashboard Tour restarts it from the first step, and Finish Tour ends on the dashboard.
    await page.getByRole('button', { name: 'Take Dashboard Tour' }).click();
    await atStep(sidebar, 1, 'Welcome to Kindred');
    for (let n = 2; n <= 22; n++) {
      await sidebar.getByRole('button', { name: 'Next' }).click();
      await atStep(sidebar, n);
    }
    await page.waitForURL(`${appUrl}/charity/dashboard`);
    await sidebar.getByRole('heading', { name: "You're all set!" }).waitFor();
    await expect(sidebar.getByRole('button', { name: 'Next' }).count()).resolves.toBe(0);
    await sidebar.getByRole('button', { name: 'Finish Tour' }).click();
    await sidebar.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${appUrl}/charity/dashboard`);
    await selected(page, 'Overview');
    await expect(tourState(page)).resolves.toEqual({ isActive: false, currentStep: 0, totalSteps: 22 });
    await expect(tab(page, 'Analytics').evaluate((el) => el.closest('[inert]') !== null)).resolves.toBe(
      false,
    );
  });

  it('starts for a finished but unverified charity; the close button ends it and marks it seen', async () => {
    const charity = await createCharity({
      label: 'tour-close',
      flags: { verified: false, finished_setting_up_account: true },
    });
    const page = await devicePage({ reducedMotion: 'no-preference' });
    await signIn(page, charity);
    const sidebar = sidebarOf(page);
    await atStep(sidebar, 1);
    await sidebar.getByRole('button', { name: 'Next' }).click();
    await atStep(sidebar, 2);
    await sidebar.getByRole('button', { name: 'Close tour' }).click();
    await sidebar.waitFor({ state: 'detached' });
    await expect(seenFlag(page)).resolves.toBe('true');
    await expect(tab(page, 'Overview').evaluate((el) => el.closest('[inert]') !== null)).resolves.toBe(false);
    await page.reload();
    await noTour(page);
  });

  it('does not start by itself for a finished and verified charity, which can still take the tour', async () => {
    const charity = await createCharity({
      label: 'tour-done',
      flags: { verified: true, finished_setting_up_account: true },
    });
    const page = await devicePage();
    await signIn(page, charity);
    await noTour(page);
    await expect(seenFlag(page)).resolves.toBeNull();
    await page.getByRole('button', { name: 'Take Dashboard Tour' }).click();
    await atStep(sidebarOf(page), 1, 'Welcome to Kindred');
  });

  it('is axe-clean in high contrast and usable at 375 px as a bottom sheet', async () => {
    const charity = await createCharity({ label: 'tour-narrow', flags: { verified: false } });
    const page = await devicePage({ width: 375, height: 740, highContrast: true });
    await signIn(page, charity);
    const sidebar = sidebarOf(page);
    await atStep(sidebar, 1);
    expect(await axeViolations(page)).toEqual([]);

    // A full-width sheet along the bottom, its controls inside the viewport.
    const box = await sidebar.boundingBox();
    expect(box).not.toBeNull();
    expect(Math.round(box?.x ?? -1)).toBe(0);
    expect(Math.round(box?.width ?? 0)).toBe(375);
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(740);
    expect(box?.height ?? 1000).toBeLessThan(740 * 0.75);
    for (const name of ['Previous', 'Next', 'Close tour']) {
      const control = await sidebar.getByRole('button', { name }).boundingBox();
      expect({
        name,
        inside: control !== null && control.y >= 0 && control.y + control.height <= 740,
      }).toEqual({
        name,
        inside: true,
      });
      expect(control?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    expect(await sideways(page)).toBe(0);

    // Walking on still works, tabs switch under the sheet.
    for (let n = 2; n <= 6; n++) {
      await sidebar.getByRole('button', { name: 'Next' }).click();
      await atStep(sidebar, n);
    }
    await selected(page, 'Analytics');
    expect(await sideways(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('is shown and hidden from the account preferences page, whose toggle stays usable', async () => {
    const charity = await createCharity({
      label: 'tour-toggle',
      flags: { verified: true, finished_setting_up_account: true },
    });
    const page = await devicePage();
    await signIn(page, charity);
    await noTour(page);
    await page.goto(`${appUrl}/charity/account-preferences`);
    const show = page.getByRole('button', { name: 'Show tour guide' });
    await expect(show.getAttribute('aria-pressed')).resolves.toBe('false');
    await show.click();

    // No tour in progress: it starts at the account preferences step, on this page.
    const sidebar = sidebarOf(page);
    await atStep(sidebar, 15, 'Account preferences');
    expect(page.url()).toBe(`${appUrl}/charity/account-preferences`);
    const hide = page.getByRole('button', { name: 'Hide tour guide' });
    await expect(hide.getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(hide.evaluate((el) => el.closest('[inert]') !== null)).resolves.toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await sidebar.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(`${appUrl}/charity/preferences/profile-image`);
    await atStep(sidebar, 16);
    await sidebar.getByRole('button', { name: 'Previous' }).click();
    await page.waitForURL(`${appUrl}/charity/account-preferences`);
    await sidebar.getByRole('button', { name: 'Next' }).click();
    await atStep(sidebar, 16);
    await page.goBack();
    await page.waitForURL(`${appUrl}/charity/account-preferences`);

    // Hide closes it (seen); Show resumes where it was.
    await page.getByRole('button', { name: 'Hide tour guide' }).click();
    await sidebar.waitFor({ state: 'detached' });
    await expect(seenFlag(page)).resolves.toBe('true');
    await page.getByRole('button', { name: 'Show tour guide' }).click();
    await atStep(sidebar, 16);
    await page.waitForURL(`${appUrl}/charity/preferences/profile-image`);
  });
});
