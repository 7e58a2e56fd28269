/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ConsoleMessage, Locator, Page } from 'playwright-core';
import { TOUR_SEEN_KEY } from '../../web/src/features/tour/lib/tour-state';
import { DEVICE_STORAGE, isItemKey } from '../../web/src/lib/device-storage';
import { callApi } from '../support/api';
import { createCharity, type TestCharity, type VerificationFlag } from '../support/charity';
import { cloud } from '../support/cloud';
import { mediaStatus } from '../support/media';
import { axeViolations, browserForFile, canvasPng, journeyTimeout } from './support/browser';
import { signInThroughPage } from './support/journeys';

/**
 * Issue 19, items 1 and 5: unsaved changes are never lost silently (the leave dialog, beforeunload, drafts
 * restored after a reload), and sessions behave as users expect (signed-in visits to sign in and register,
 * Sign Out on the verification page, no console messages about auth failures).
 */
journeyTimeout(180_000);

const { appUrl } = cloud();
/** Set UNSAVED_SHOTS to a folder to keep screenshots of the dialog, the restore offer and the signed-in page. */
const SHOTS = process.env.UNSAVED_SHOTS;

const session = browserForFile();

async function newPage(width = 1280) {
  const page = await session.newPage({ width, height: width < 500 ? 812 : 900 });
  await page.addInitScript((key) => window.localStorage.setItem(key, 'true'), TOUR_SEEN_KEY);
  page.setDefaultTimeout(20_000);
  return page;
}

async function signedIn(page: Page, label: string, flags?: Partial<Record<VerificationFlag, boolean>>) {
  const charity = await createCharity({ label: `e2e-unsaved-${label}`, flags });
  await signInThroughPage(page, appUrl, charity);
  return charity;
}

/** Screenshots at 1280 and 375 px (when UNSAVED_SHOTS is set); the width is put back afterwards. */
async function shots(page: Page, name: string, focus?: Locator) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const before = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    await focus?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`) });
  }
  await page.setViewportSize(before);
}

const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave without saving?' });
const panel = (page: Page, name: string) => page.getByRole('tabpanel', { name });
const draftKey = (charity: TestCharity, form: string) => `kindred:draft:${charity.userId}:${form}`;
const stored = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);

/** Whether a `beforeunload` now would ask (the page's handler cancels it). */
const beforeUnloadAsks = (page: Page) =>
  page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });

/** Asks `read` again until it answers `expected` (or the time is up) and returns the last answer. */
async function settled<T>(read: () => Promise<T>, expected: T, timeout = 10_000): Promise<T> {
  const end = Date.now() + timeout;
  let value = await read();
  while (value !== expected && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 200));
    value = await read();
  }
  return value;
}

/** How many files the account's drafts keep in IndexedDB. */
const keptFileCount = (page: Page, charity: TestCharity) =>
  page.evaluate(
    (prefix) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('kindred-drafts', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('files');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result
            .transaction('files')
            .objectStore('files')
            .count(IDBKeyRange.bound(prefix, `${prefix}\uffff`));
          count.onsuccess = () => {
            open.result.close();
            resolve(count.result);
          };
        };
      }),
    `${charity.userId}:`,
  );

/** What this origin keeps on the device: local and session storage keys, IndexedDB databases, cookies. */
const onDevice = (page: Page) =>
  page.evaluate(async () => ({
    keys: [...Object.keys(window.localStorage), ...Object.keys(window.sessionStorage)],
    databases: (await indexedDB.databases()).map((db) => db.name ?? ''),
    cookies: document.cookie,
  }));

/**
 * Issue 29, item 4: every key and database the device holds belongs to an item of the site's list, and the
 * cookie policy (opened beside the page, same storage) shows that item. Returns what the device holds.
 */
async function expectAllOnCookiePolicy(page: Page) {
  const held = await onDevice(page);
  const policy = await page.context().newPage();
  await policy.goto(`${appUrl}/cookie-policy`);
  const rows = policy.locator('[data-stored-item]');
  await rows.first().waitFor();
  const shown = new Map(
    await rows.evaluateAll((trs) =>
      trs.map((tr) => [
        tr.getAttribute('data-stored-item') ?? '',
        tr.querySelector('code')?.textContent ?? '',
      ]),
    ),
  );
  const items = Object.entries(DEVICE_STORAGE);
  const missing = [...held.keys, ...held.databases].filter((key) => {
    const [id, item] = items.find(([, listed]) => isItemKey(listed, key)) ?? [];
    return !id || !item || !(shown.get(id) ?? '').startsWith(item.name);
  });
  expect(missing).toEqual([]);
  expect(held.cookies).toBe('');
  await policy.close();
  return held;
}

async function openMainPageEditor(page: Page) {
  await page.getByRole('tab', { name: 'Setup Main Page', exact: true }).click();
  const tab = panel(page, 'Setup Main Page');
  await tab.getByRole('button', { name: 'Customize Your Page' }).click({ timeout: 30_000 });
  await tab.getByLabel('Our Mission').waitFor();
  return tab;
}

describe('unsaved changes', () => {
  it('keeps a main-page draft through a reload and offers it back (Restore, Discard), per account', async () => {
    const page = await newPage();
    const charity = await signedIn(page, 'draft');
    let editor = await openMainPageEditor(page);
    expect(await beforeUnloadAsks(page)).toBe(false);

    await editor.getByLabel('Our Mission').fill('Warm meals for every child in Leeds.');
    await editor.getByLabel('About Us').fill('Volunteers cook every Saturday.');
    expect(await beforeUnloadAsks(page)).toBe(true);
    const draft = JSON.parse((await stored(page, draftKey(charity, 'main-page'))) ?? 'null');
    expect(draft.data).toMatchObject({
      pageId: null,
      content: { page_description: 'Warm meals for every child in Leeds.' },
    });

    // The real reload: Chromium asks (beforeunload); going on reloads the page.
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();
    expect(asked).toEqual(['beforeunload']);

    await page.getByRole('tab', { name: 'Setup Main Page', exact: true }).click();
    const tab = panel(page, 'Setup Main Page');
    const offer = tab.getByRole('region', { name: 'You have unsaved changes' });
    await offer.waitFor({ timeout: 30_000 });
    await offer.getByText(/Changes to a new main page from today at \d\d:\d\d were not saved/).waitFor();
    // No photo was chosen: nothing to choose again, so no note about files.
    expect(await offer.getByText('choose any new ones again after restoring').count()).toBe(0);

    await offer.getByRole('button', { name: 'Restore' }).click();
    editor = tab;
    expect(
      await settled(
        () => editor.getByLabel('Our Mission').inputValue(),
        'Warm meals for every child in Leeds.',
      ),
    ).toBe('Warm meals for every child in Leeds.');
    expect(await editor.getByLabel('About Us').inputValue()).toBe('Volunteers cook every Saturday.');
    expect(await beforeUnloadAsks(page)).toBe(true);

    // Reload again, then Discard: the draft is gone for good.
    await page.reload();
    await page.getByRole('tab', { name: 'Setup Main Page', exact: true }).click();
    await tab
      .getByRole('region', { name: 'You have unsaved changes' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await tab.getByRole('region', { name: 'You have unsaved changes' }).waitFor({ state: 'detached' });
    expect(await stored(page, draftKey(charity, 'main-page'))).toBeNull();
    await page.reload();
    await page.getByRole('tab', { name: 'Setup Main Page', exact: true }).click();
    await tab.getByRole('button', { name: 'Customize Your Page' }).waitFor({ timeout: 30_000 });
    expect(await tab.getByRole('region', { name: 'You have unsaved changes' }).count()).toBe(0);

    // A draft another account left on this browser is never offered to this one.
    await page.evaluate(() =>
      window.localStorage.setItem(
        'kindred:draft:someone-else:main-page',
        JSON.stringify({
          savedAt: new Date().toISOString(),
          data: { pageId: null, templateType: 'basic', content: { page_description: 'Not yours' } },
        }),
      ),
    );
    await page.reload();
    await page.getByRole('tab', { name: 'Setup Main Page', exact: true }).click();
    await tab.getByRole('button', { name: 'Customize Your Page' }).waitFor({ timeout: 30_000 });
    expect(await tab.getByRole('region', { name: 'You have unsaved changes' }).count()).toBe(0);
    await page.context().close();
  });

  it('keeps a chosen photo and its alt text through a reload; Restore brings it back and Save uploads it', async () => {
    const page = await newPage();
    const charity = await signedIn(page, 'draft-files');
    const editor = await openMainPageEditor(page);
    await editor.locator('input[type="file"]').setInputFiles([await canvasPng(page, 'soup.png', '#0e5a52')]);
    const alt = editor.locator('.mp-media input[id$="-alt"]').first();
    await alt.fill('Volunteers ladling soup into bowls');
    await editor.getByLabel('Our Mission').fill('Soup for every neighbour in Otley.');
    await editor.getByLabel('About Us').fill('We cook on Fridays.');
    // The file is kept in IndexedDB under the account (written once it is chosen).
    expect(await settled(() => keptFileCount(page, charity), 1)).toBe(1);
    // The sign-in, the draft and its kept file are all on the device now, and all on the cookie policy.
    const held = await expectAllOnCookiePolicy(page);
    expect(held.keys).toContain(draftKey(charity, 'main-page'));
    expect(held.keys.some((key) => key.startsWith(DEVICE_STORAGE.signIn.name))).toBe(true);
    expect(held.databases).toContain(DEVICE_STORAGE.draftFiles.name);

    page.on('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await page.getByRole('tab', { name: 'Setup Main Page', exact: true }).click();
    const tab = panel(page, 'Setup Main Page');
    const offer = tab.getByRole('region', { name: 'You have unsaved changes' });
    await offer.waitFor({ timeout: 30_000 });
    // The photo was kept: the offer does not ask to choose it again.
    expect(await offer.getByText('choose any new ones again after restoring').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await offer.scrollIntoViewIfNeeded();
    await shots(page, 'restore-offer', offer);

    await offer.getByRole('button', { name: 'Restore' }).click();
    await tab.getByLabel('Our Mission').waitFor();
    const restoredAlt = tab.locator('.mp-media input[id$="-alt"]').first();
    const words = 'Volunteers ladling soup into bowls';
    expect(await settled(() => restoredAlt.inputValue(), words)).toBe(words);
    expect(await tab.locator('.mp-media .reorder-list__item').count()).toBe(1);
    // The preview shows the restored photo (from an object URL) with its words.
    const shown = tab.getByRole('img', { name: 'Volunteers ladling soup into bowls' }).first();
    await shown.waitFor();
    expect(await shown.getAttribute('src')).toMatch(/^blob:/);
    expect(await shown.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

    await tab.getByRole('button', { name: 'Save Page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Name Your Page' });
    await dialog.getByLabel('Page name').fill('Soup nights');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    const live = tab.getByRole('region', { name: 'Your Live Page', exact: true });
    await live.getByText('Soup nights').waitFor({ timeout: 60_000 });
    await live.getByText('1 photo').waitFor();
    const listed = await callApi('GET', '/api/me/pages', undefined, { token: charity.idToken });
    const saved = (listed.body as { pages: { media: { file_path: string; alt_text?: string }[] }[] })
      .pages[0];
    expect(saved?.media).toHaveLength(1);
    expect(saved?.media[0]?.alt_text).toBe('Volunteers ladling soup into bowls');
    expect(await mediaStatus(saved?.media[0]?.file_path ?? '')).toBe(200);
    // Saved: the draft and its kept file are gone.
    expect(await stored(page, draftKey(charity, 'main-page'))).toBeNull();
    expect(await settled(() => keptFileCount(page, charity), 0)).toBe(0);
    await page.context().close();
  });

  it('falls back to a text-only draft, with the note, when IndexedDB is unavailable', async () => {
    const page = await newPage(375);
    await page.addInitScript(() => Object.defineProperty(window, 'indexedDB', { value: undefined }));
    const charity = await signedIn(page, 'draft-noidb');
    const editor = await openMainPageEditor(page);
    await editor.locator('input[type="file"]').setInputFiles([await canvasPng(page, 'bread.png', '#a4482a')]);
    await editor.locator('.mp-media input[id$="-alt"]').first().fill('Fresh loaves on a table');
    await editor.getByLabel('Our Mission').fill('Bread for Otley.');
    const filesOf = async () =>
      JSON.parse((await stored(page, draftKey(charity, 'main-page'))) ?? '{}').files;
    expect(await settled(filesOf, 'lost')).toBe('lost');
    page.on('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await page.getByRole('tab', { name: 'Setup Main Page', exact: true }).click();
    const tab = panel(page, 'Setup Main Page');
    const offer = tab.getByRole('region', { name: 'You have unsaved changes' });
    await offer.getByText('choose any new ones again after restoring').waitFor({ timeout: 30_000 });
    await shots(page, 'restore-offer-text-only', offer);
    await offer.getByRole('button', { name: 'Restore' }).click();
    expect(await settled(() => tab.getByLabel('Our Mission').inputValue(), 'Bread for Otley.')).toBe(
      'Bread for Otley.',
    );
    expect(await tab.locator('.mp-media .reorder-list__item').count()).toBe(0);
    await page.context().close();
  });

  it('asks before a dashboard tab switch drops edits: Stay keeps them, Leave discards them', async () => {
    const page = await newPage();
    const charity = await signedIn(page, 'tabs');
    const editor = await openMainPageEditor(page);
    // Clean: switching needs no question.
    await page.getByRole('tab', { name: 'Analytics', exact: true }).click();
    await page.locator('[role="tab"][aria-selected="true"]', { hasText: /^Analytics$/ }).waitFor();
    await openMainPageEditor(page);
    await editor.getByLabel('Our Mission').fill('A mission not saved yet.');

    await page.getByRole('tab', { name: 'Overview', exact: true }).click();
    const dialog = leaveDialog(page);
    await dialog.waitFor();
    await dialog.getByText('You have changes that are not saved yet.').waitFor();
    // Focus starts on the safe choice; Tab stays inside the dialog.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Stay on this page');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await shots(page, 'leave-dialog');

    // Escape = stay.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.locator('[role="tab"][aria-selected="true"]', { hasText: /^Setup Main Page$/ }).waitFor();
    expect(await editor.getByLabel('Our Mission').inputValue()).toBe('A mission not saved yet.');

    // Stay on this page = stay.
    await page.getByRole('tab', { name: 'Overview', exact: true }).click();
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await editor.getByLabel('Our Mission').inputValue()).toBe('A mission not saved yet.');

    // Leave without saving: the tab changes, the edits and their draft are gone.
    expect(await stored(page, draftKey(charity, 'main-page'))).not.toBeNull();
    await page.getByRole('tab', { name: 'Overview', exact: true }).click();
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    await page.locator('[role="tab"][aria-selected="true"]', { hasText: /^Overview$/ }).waitFor();
    expect(await stored(page, draftKey(charity, 'main-page'))).toBeNull();
    expect(await beforeUnloadAsks(page)).toBe(false);
    await page.getByRole('tab', { name: 'Setup Main Page', exact: true }).click();
    await panel(page, 'Setup Main Page').getByRole('button', { name: 'Customize Your Page' }).waitFor();
    expect(await panel(page, 'Setup Main Page').getByRole('textbox', { name: 'Our Mission' }).count()).toBe(
      0,
    );

    // The editor's own Back asks too.
    await openMainPageEditor(page);
    await editor.getByLabel('About Us').fill('Unsaved words.');
    await editor.getByRole('button', { name: 'Back', exact: true }).click();
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    expect(await editor.getByLabel('About Us').inputValue()).toBe('Unsaved words.');
    await page.context().close();
  });

  it('keeps an explore draft through a reload and asks before leaving the explore form', async () => {
    const page = await newPage();
    const charity = await signedIn(page, 'explore');
    await page.getByRole('tab', { name: 'Setup Explore View', exact: true }).click();
    const tab = panel(page, 'Setup Explore View');
    await tab.getByLabel('Short description (required)').fill('Meals for children', { timeout: 30_000 });
    expect(await beforeUnloadAsks(page)).toBe(true);
    expect(JSON.parse((await stored(page, draftKey(charity, 'explore'))) ?? 'null').data).toEqual({
      shortDescription: 'Meals for children',
      longDescription: '',
      grid: null,
      feed: [],
    });
    // A grid photo with its alt text is kept too (the file in IndexedDB, its words in the draft).
    const chooser = page.waitForEvent('filechooser');
    await tab.getByRole('button', { name: 'Choose grid image or video' }).click();
    await (await chooser).setFiles([await canvasPng(page, 'grid.png', '#d9a441')]);
    await tab.locator('.media-words input[id$="-alt"]').first().fill('Children sharing lunch');
    expect(await settled(() => keptFileCount(page, charity), 1)).toBe(1);
    page.on('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await page.getByRole('tab', { name: 'Setup Explore View', exact: true }).click();
    const offer = tab.getByRole('region', { name: 'You have unsaved changes' });
    await offer.getByText(/Changes to your explore page from today/).waitFor({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    await offer.scrollIntoViewIfNeeded();
    await shots(page, 'explore-offer');
    expect(await tab.getByLabel('Short description (required)').inputValue()).toBe('');
    await offer.getByRole('button', { name: 'Restore' }).click();
    // Restore reads the kept files from IndexedDB first, then fills the form.
    expect(
      await settled(() => tab.getByLabel('Short description (required)').inputValue(), 'Meals for children'),
    ).toBe('Meals for children');
    const gridAlt = tab.locator('.media-words input[id$="-alt"]').first();
    expect(await settled(() => gridAlt.inputValue(), 'Children sharing lunch')).toBe(
      'Children sharing lunch',
    );
    expect(await tab.locator('.grid-pick .media-thumb img').getAttribute('src')).toMatch(/^blob:/);

    await page.getByRole('link', { name: 'Account Preferences' }).click();
    await leaveDialog(page).getByRole('button', { name: 'Stay on this page' }).click();
    expect(page.url()).toBe(`${appUrl}/charity/dashboard`);
    // Cancel puts the saved page back: nothing is unsaved, nothing is kept.
    await tab.getByRole('button', { name: 'Cancel', exact: true }).click();
    expect(await beforeUnloadAsks(page)).toBe(false);
    expect(await stored(page, draftKey(charity, 'explore'))).toBeNull();
    expect(await settled(() => keptFileCount(page, charity), 0)).toBe(0);
    await page.getByRole('link', { name: 'Account Preferences' }).click();
    await page.waitForURL(`${appUrl}/charity/account-preferences`);
    await page.context().close();
  });

  it('asks before Back, a link or Sign Out drops a preference edit', async () => {
    const page = await newPage();
    const charity = await signedIn(page, 'prefs');
    await page
      .getByRole('navigation', { name: 'Charity account' })
      .getByRole('link', { name: 'Account Preferences' })
      .click();
    await page.waitForURL(`${appUrl}/charity/account-preferences`);
    await page.getByRole('link', { name: /Choose Display Name/ }).click();
    await page.waitForURL(`${appUrl}/charity/preferences/display-name`);
    const input = page.getByLabel('Display name', { exact: true });
    await input.fill('Leeds Kids Kitchen');
    expect(await beforeUnloadAsks(page)).toBe(true);

    // The browser's Back: asked, and Stay keeps the page and the edit.
    await page.evaluate(() => window.history.back());
    const dialog = leaveDialog(page);
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${appUrl}/charity/preferences/display-name`);
    expect(await input.inputValue()).toBe('Leeds Kids Kitchen');

    // A link in the bar: asked; Stay.
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    expect(page.url()).toBe(`${appUrl}/charity/preferences/display-name`);

    // Sign Out: asked; Stay keeps the session.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${appUrl}/charity/preferences/display-name`);
    expect(await input.inputValue()).toBe('Leeds Kids Kitchen');

    // Back again, Leave: the step back is taken.
    await page.evaluate(() => window.history.back());
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL(`${appUrl}/charity/account-preferences`);
    expect(await beforeUnloadAsks(page)).toBe(false);

    // Sign Out with edits, Leave: signed out, home, and this account's drafts go with the session.
    await page.getByRole('link', { name: /Choose Display Name/ }).click();
    await input.fill('Another name');
    await page.evaluate(
      (key) =>
        window.localStorage.setItem(key, JSON.stringify({ savedAt: new Date().toISOString(), data: {} })),
      draftKey(charity, 'explore'),
    );
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL(`${appUrl}/`);
    expect(await stored(page, draftKey(charity, 'explore'))).toBeNull();
    await page.goto(`${appUrl}/charity/dashboard`);
    await page.waitForURL(`${appUrl}/charity/signin`);
    await page.context().close();
  });
});

describe('sessions', () => {
  it('offers Continue to dashboard or Sign out on sign in and register while signed in', async () => {
    const page = await newPage();
    const charity = await signedIn(page, 'gate');
    await page.goto(`${appUrl}/charity/signin`);
    await page.getByRole('heading', { name: 'You are already signed in', level: 1 }).waitFor();
    await page.getByText(charity.email).waitFor();
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shots(page, 'signed-in-signin');
    await page.getByRole('link', { name: 'Continue to dashboard' }).click();
    await page.waitForURL(`${appUrl}/charity/dashboard`);

    await page.goto(`${appUrl}/charity/register`);
    await page.getByRole('heading', { name: 'You are already signed in', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    // Signed out: the registration form itself.
    await page.getByLabel('Email', { exact: true }).waitFor();
    expect(await page.getByRole('heading', { name: 'You are already signed in' }).count()).toBe(0);
    await page.goto(`${appUrl}/charity/dashboard`);
    await page.waitForURL(`${appUrl}/charity/signin`);
    await page.getByLabel('Password', { exact: true }).waitFor();
    await page.context().close();
  });

  it('has Sign Out on the email-verification page', async () => {
    const page = await newPage();
    await signedIn(page, 'verify', { verified: false });
    await page.goto(`${appUrl}/charity/email-verification`);
    const signOut = page.getByRole('button', { name: 'Sign Out' });
    await signOut.waitFor({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    await signOut.scrollIntoViewIfNeeded();
    await shots(page, 'verification-signout');
    await signOut.click();
    await page.waitForURL(`${appUrl}/`);
    await page.goto(`${appUrl}/charity/email-verification`);
    await page.waitForURL(`${appUrl}/charity/signin`);
    await page.context().close();
  });

  it('prints nothing about a failed sign in to the console', async () => {
    const page = await newPage();
    const charity = await createCharity({ label: 'e2e-unsaved-console' });
    const messages: string[] = [];
    page.on('console', (message: ConsoleMessage) => messages.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
    await page.goto(`${appUrl}/charity/signin`);
    await page.getByLabel('Email', { exact: true }).fill(charity.email);
    await page.getByLabel('Password', { exact: true }).fill('Not-the-password-1!');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid email or password. Please check your details and try again.').waitFor();
    const aboutAuth = messages.filter((text) =>
      /NotAuthorized|InvalidPassword|Incorrect username|password|sign.?in|auth|cognito|401|403/i.test(text),
    );
    expect(aboutAuth).toEqual([]);
    await page.context().close();
  });
});
