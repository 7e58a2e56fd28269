/// <reference lib="dom" />

import { PageMessage } from '@shared/pages';
import type { Locator, Page } from 'playwright-core';
import { callApi } from '../support/api';
import { createCharity, type TestCharity } from '../support/charity';
import { cloud } from '../support/cloud';
import { fakeMp4, mediaStatus } from '../support/media';
import { axeClean, browserForFile, canvasPng, journeyTimeout, sideways } from './support/browser';
import { signInThroughPage } from './support/journeys';

journeyTimeout(180_000);

const { appUrl } = cloud();
/** Set MAIN_PAGES_SHOTS to a folder to keep a screenshot of every state (desktop and 375 px). */
const SHOTS = process.env.MAIN_PAGES_SHOTS;
/** A save runs several functions for the first time (cold starts on a busy machine): allow for it. */
const SAVE_MS = 60_000;

const session = browserForFile();

interface ApiPage {
  id: string;
  name: string;
  is_live: boolean;
  content: Record<string, string>;
  media: { id: string; file_path: string; display_order: number }[];
}

async function listPages(charity: TestCharity) {
  const answer = await callApi('GET', '/api/me/pages', undefined, { token: charity.idToken });
  expect(answer.status).toBe(200);
  return answer.body as unknown as { pages: ApiPage[]; live_page_id: string | null };
}

async function profileFlags(charity: TestCharity) {
  const answer = await callApi('GET', '/api/me/profile', undefined, { token: charity.idToken });
  expect(answer.status).toBe(200);
  return (answer.body as { verification: Record<string, boolean> }).verification;
}

/** Signs in through the page and opens the Setup Main Page tab. */
async function openTab(page: Page, charity: TestCharity) {
  // Saves, set-live and delete call functions that may start cold on a busy machine.
  page.setDefaultTimeout(20_000);
  // The guided tour starts by itself for charities still setting up; this device has seen it.
  await page.addInitScript(() => window.localStorage.setItem('hasSeenGuidedTour', 'true'));
  await signInThroughPage(page, appUrl, charity);
  await page.getByRole('tab', { name: 'Setup Main Page', exact: true }).click();
  await page.locator('[role="tab"][aria-selected="true"]', { hasText: /^Setup Main Page$/ }).waitFor();
  await waitForPages(page);
}

const panel = (page: Page) => page.getByRole('tabpanel', { name: 'Setup Main Page' });
const waitForPages = (page: Page) =>
  panel(page).getByRole('button', { name: 'Customize Your Page' }).waitFor({ timeout: 15_000 });

const fileInput = (page: Page) => panel(page).locator('input[type="file"]');
const thumbs = (page: Page) => panel(page).locator('.mp-media .reorder-list__item');
const counter = (scope: Locator) => scope.locator('.hero__counter [aria-hidden="true"]');
const toast = (page: Page) => page.getByRole('status').filter({ hasText: 'Successfully uploaded!' });

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

/** Gives every photo or video without words its alt text (Save waits for them). */
async function describeMedia(page: Page) {
  for (const input of await panel(page).locator('.mp-media input[id$="-alt"]:enabled').all()) {
    if (!(await input.inputValue())) await input.fill('Volunteers serving hot meals at the larder');
  }
}

/** Fills the Basic template's two fields, and the alt text of the media chosen so far. */
async function writeContent(page: Page, mission: string, about: string) {
  await describeMedia(page);
  await panel(page).getByLabel('Our Mission').fill(mission);
  await panel(page).getByLabel('About Us').fill(about);
}

const MISSION = 'We turn surplus food from Brambleford shops into warm meals for families who need them.';
const ABOUT =
  'Started in a church kitchen in 2011, we now cook five days a week with forty volunteers.\nEvery £5 gives a family a hot dinner.';

describe('Setup Main Page', () => {
  let charity: TestCharity;
  let firstPage: ApiPage;

  beforeAll(async () => {
    charity = await createCharity({ label: 'mainpages', charityName: 'Brambleford Community Larder' });
  });

  it('creates the first page with two images; it goes live by itself', async () => {
    const page = await session.newPage();
    await openTab(page, charity);

    // No pages yet: the empty live card, the chooser with Basic only, no list.
    await panel(page).getByRole('heading', { name: 'No live page yet' }).waitFor();
    const basic = panel(page).getByRole('radio', { name: /Basic/ });
    expect(await basic.isChecked()).toBe(true);
    for (const name of [/Multiple Tabs/, /Customised/]) {
      expect(await panel(page).getByRole('radio', { name }).isDisabled()).toBe(true);
    }
    expect(await panel(page).getByText('Coming Soon').count()).toBe(2);
    await panel(page).getByText('You have no pages yet.', { exact: false }).waitFor();
    await panel(page).locator('summary', { hasText: 'How main pages work' }).click();
    await panel(page).getByText('up to 40% more donations', { exact: false }).waitFor();
    await axeClean(page);
    await shot(page, 'empty');

    await panel(page).getByRole('button', { name: 'Customize Your Page' }).click();
    const heading = panel(page).getByRole('heading', { name: 'Customize Your Main Page' });
    await heading.waitFor();
    // Focus moves to the form's heading.
    expect(await heading.evaluate((el) => el === document.activeElement)).toBe(true);
    const save = panel(page).getByRole('button', { name: 'Save Page' });
    expect(await save.isDisabled()).toBe(true);
    await panel(page)
      .getByText('To save, add at least one photo or video, Our Mission and About Us.')
      .waitFor();
    // The charity's name shows read-only; the textareas are sized from max_length.
    await panel(page)
      .locator('.mp-display-name__value', { hasText: 'Brambleford Community Larder' })
      .waitFor();
    expect(await panel(page).getByLabel('Our Mission').getAttribute('rows')).toBe('5');
    expect(await panel(page).getByLabel('About Us').getAttribute('rows')).toBe('10');
    expect(await panel(page).getByLabel('Our Mission').getAttribute('maxlength')).toBe('500');

    // A required field left blank says so.
    await panel(page).getByLabel('Our Mission').focus();
    await panel(page).getByLabel('About Us').focus();
    await panel(page).getByText('Our Mission is required').waitFor();

    await fileInput(page).setInputFiles([
      await canvasPng(page, 'harvest.png', '#0e5a52'),
      await canvasPng(page, 'kitchen.png', '#a4482a'),
    ]);
    await thumbs(page).nth(1).waitFor();
    expect(await thumbs(page).count()).toBe(2);
    await panel(page).getByText('2 of 10 added').waitFor();
    await writeContent(page, MISSION, ABOUT);
    expect(await save.isDisabled()).toBe(false);
    await panel(page).getByText(`${MISSION.length}/500 characters`).waitFor();

    // The live preview follows the form.
    const preview = panel(page).getByRole('region', { name: 'Live preview of your page' });
    await preview.getByText(MISSION).waitFor();
    await preview.getByText('Brambleford Community Larder').waitFor();
    for (const text of ['Our Mission', 'About Us', 'Follow', 'Donate Now']) {
      await preview.getByText(text, { exact: true }).waitFor();
    }
    // Follow and Donate Now are pictures of buttons, not controls.
    expect(await preview.getByRole('button', { name: /Follow|Donate Now/ }).count()).toBe(0);
    expect(await counter(preview).textContent()).toBe('1 / 2');
    await axeClean(page);
    await shot(page, 'form');

    // Save opens 'Name Your Page'; the upload shows progress per file (held back a moment here).
    await page.route(
      (url) => !url.href.startsWith(appUrl),
      async (route) => {
        if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 700));
        await route.continue();
      },
    );
    await save.click();
    const dialog = page.getByRole('dialog', { name: 'Name Your Page' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    await axeClean(page);
    await shot(page, 'name-dialog');
    await dialog.getByLabel('Page name').fill('Winter appeal');
    await dialog.getByText('13/50 characters').waitFor();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('progressbar', { name: /Photo 1 \(harvest\.png\)/ }).waitFor();
    await shot(page, 'uploading');
    await toast(page).waitFor({ timeout: SAVE_MS });
    await page.unroute((url) => !url.href.startsWith(appUrl));

    // Back on the tab: the new page is live and shown in the live card.
    const live = panel(page).getByRole('region', { name: 'Your Live Page', exact: true });
    await live.waitFor();
    await live.getByText('Winter appeal').waitFor();
    await live.getByText(MISSION).first().waitFor();
    await live.getByText('2 photos').waitFor();
    await live.getByText('Basic', { exact: true }).waitFor();
    await live.getByRole('button', { name: 'Edit This Page' }).waitFor();

    const listed = await listPages(charity);
    expect(listed.pages).toHaveLength(1);
    firstPage = listed.pages[0] as ApiPage;
    expect(listed.live_page_id).toBe(firstPage.id);
    expect(firstPage.content).toEqual({ page_description: MISSION, about_text: ABOUT });
    expect(firstPage.media.map((m) => m.display_order)).toEqual([1, 2]);
    for (const media of firstPage.media) expect(await mediaStatus(media.file_path)).toBe(200);
    expect((await profileFlags(charity)).valid_main_page).toBe(true);

    // The toast leaves after 3 seconds.
    await toast(page).waitFor({ state: 'detached', timeout: 6_000 });
    await axeClean(page);
    await shot(page, 'live');
  });

  it('keeps the name dialog rules: required, at most 50, unique ignoring case', async () => {
    const page = await session.newPage();
    await openTab(page, charity);
    await panel(page).getByRole('button', { name: 'Customize Your Page' }).click();
    await fileInput(page).setInputFiles([await canvasPng(page, 'stall.png', '#6b4f9a')]);
    await thumbs(page).first().waitFor();
    await writeContent(
      page,
      'Hot meals for every family in Brambleford.',
      'Our summer stall in the market square.',
    );
    await panel(page).getByRole('button', { name: 'Save Page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Name Your Page' });
    const name = dialog.getByLabel('Page name');
    const next = dialog.getByRole('button', { name: 'Continue' });

    await name.fill('   ');
    await name.blur();
    await dialog.getByText(PageMessage.NameRequired).waitFor();
    expect(await next.isDisabled()).toBe(true);

    await name.fill('x'.repeat(51));
    await dialog.getByText(PageMessage.NameTooLong).waitFor();
    await dialog.getByText('51/50 characters').waitFor();
    expect(await next.isDisabled()).toBe(true);
    expect(await name.getAttribute('aria-invalid')).toBe('true');

    await name.fill('  WINTER Appeal ');
    await dialog.getByText(PageMessage.NameTaken).waitFor();
    expect(await next.isDisabled()).toBe(true);
    await axeClean(page);

    // Escape closes the dialog without saving; focus returns to Save.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect((await listPages(charity)).pages).toHaveLength(1);

    await panel(page).getByRole('button', { name: 'Save Page' }).click();
    await dialog.getByLabel('Page name').fill('Summer stall');

    // Storage refuses the file: 'Upload failed: ...' in the dialog, which stays open for another try.
    const storage = (url: URL) => !url.href.startsWith(appUrl);
    let storagePosts = 0;
    await page.route(storage, (route) => {
      storagePosts += 1;
      return route.fulfill({ status: 500, body: 'InternalError' });
    });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Upload failed: The file did not finish uploading. Please try again.' })
      .waitFor();
    await page.unroute(storage);
    await page.route(storage, (route) => {
      storagePosts += 1;
      return route.continue();
    });

    // The save itself fails: 'Save failed: ...'; the uploaded file is not sent again on the next try.
    const create = '**/api/me/pages';
    await page.route(create, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 500,
            json: { success: false, error: 'Something went wrong on our side.', code: 'INTERNAL' },
          })
        : route.continue(),
    );
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Save failed: Something went wrong on our side.' })
      .waitFor();
    expect(storagePosts).toBe(2);
    await page.unroute(create);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await toast(page).waitFor({ timeout: SAVE_MS });
    expect(storagePosts).toBe(2);

    // The second page is a draft: the first stays live.
    const listed = await listPages(charity);
    expect(listed.pages.map((p) => [p.name, p.is_live])).toEqual([
      ['Summer stall', false],
      ['Winter appeal', true],
    ]);
  });

  it('takes MP4 videos but refuses a file that is neither an image nor an MP4 video', async () => {
    const page = await session.newPage();
    await openTab(page, charity);
    await panel(page).getByRole('button', { name: 'Customize Your Page' }).click();
    await fileInput(page).setInputFiles([
      { name: 'minutes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 minutes') },
    ]);
    await panel(page)
      .getByRole('alert')
      .filter({ hasText: 'minutes.pdf: Please choose an image or an MP4 video.' })
      .waitFor();
    expect(await thumbs(page).count()).toBe(0);
    expect(await fileInput(page).getAttribute('aria-describedby')).toContain('media-error');
    await axeClean(page);

    // An MP4 is kept as it is and shows as a video, in the list and in the preview.
    await fileInput(page).setInputFiles([
      { name: 'soup-kitchen.mp4', mimeType: 'video/mp4', buffer: fakeMp4() },
    ]);
    await thumbs(page).first().waitFor();
    expect(await thumbs(page).first().locator('.media-thumb--video').count()).toBe(1);
    expect(await thumbs(page).first().locator('.media-state').allTextContents()).toEqual([
      'Opens your page',
      'New',
    ]);
    expect(await panel(page).getByRole('alert').count()).toBe(0);
    const preview = panel(page).getByRole('region', { name: 'Live preview of your page' });
    await preview.locator('.hero__badge', { hasText: 'Video' }).waitFor();
  });

  it('edits the live page: Cancel restores, then text changed, one image dropped and one added', async () => {
    const page = await session.newPage();
    await openTab(page, charity);
    const before = (await listPages(charity)).pages.find((p) => p.id === firstPage.id) as ApiPage;
    const [dropped, kept] = before.media;

    await panel(page)
      .getByRole('region', { name: 'Your Live Page', exact: true })
      .getByRole('button', { name: 'Edit This Page' })
      .click();
    await panel(page).getByRole('heading', { name: 'Edit Your Main Page' }).waitFor();
    await panel(page).getByText('Editing Winter appeal (your live page)').waitFor();
    expect(await panel(page).getByLabel('Our Mission').inputValue()).toBe(MISSION);
    expect(await thumbs(page).count()).toBe(2);
    // Existing media in display order.
    const srcs = await thumbs(page)
      .locator('img')
      .evaluateAll((els) => els.map((el) => (el as HTMLImageElement).src));
    expect(srcs[0]).toContain(dropped?.file_path);
    expect(srcs[1]).toContain(kept?.file_path);

    // Change everything, then Cancel: the loaded content and media come back.
    await panel(page).getByLabel('Our Mission').fill('Something else entirely.');
    await panel(page).getByRole('button', { name: 'Remove photo 1' }).click();
    expect(await thumbs(page).count()).toBe(1);
    await panel(page).getByRole('button', { name: 'Cancel' }).click();
    expect(await panel(page).getByLabel('Our Mission').inputValue()).toBe(MISSION);
    expect(await thumbs(page).count()).toBe(2);

    const mission = 'Warm meals and a friendly table for every Brambleford family.';
    await panel(page).getByLabel('Our Mission').fill(mission);
    await panel(page).getByRole('button', { name: 'Remove photo 1' }).click();
    await fileInput(page).setInputFiles([await canvasPng(page, 'volunteers.png', '#2f6f3e')]);
    await thumbs(page).nth(1).waitFor();
    await describeMedia(page);
    await axeClean(page);
    await shot(page, 'edit');

    await panel(page).getByRole('button', { name: 'Save Changes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Upload' });
    await dialog.getByText('1 new file will be uploaded.').waitFor();
    await dialog.getByText('1 removed file will be deleted for good.').waitFor();
    await axeClean(page);
    await shot(page, 'confirm-dialog');
    await dialog.getByRole('button', { name: 'Confirm & Upload' }).click();
    await toast(page).waitFor({ timeout: SAVE_MS });

    const live = panel(page).getByRole('region', { name: 'Your Live Page', exact: true });
    await live.getByText(mission).first().waitFor();
    const after = (await listPages(charity)).pages.find((p) => p.id === firstPage.id) as ApiPage;
    expect(after.content.page_description).toBe(mission);
    expect(after.media).toHaveLength(2);
    expect(after.media[0]?.id).toBe(kept?.id);
    expect(after.media[1]?.file_path).not.toBe(dropped?.file_path);
    expect(after.media.map((m) => m.display_order)).toEqual([1, 2]);
    expect(await mediaStatus(dropped?.file_path as string)).toBe(404);
    expect(await mediaStatus(after.media[1]?.file_path as string)).toBe(200);
  });

  it('sets the second page live, keeps the live page from deletion and deletes the other', async () => {
    const page = await session.newPage();
    await openTab(page, charity);
    const toggle = panel(page).getByRole('button', { name: 'View Existing Pages' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const rows = panel(page).locator('.mp-row');
    const row = (name: string) =>
      rows.filter({ has: page.getByRole('heading', { name: new RegExp(`^${name}`) }) });
    await row('Summer stall').waitFor();
    // Newest first; only the live page has the badge and no Set Live.
    expect(await rows.locator('.mp-row__name').allTextContents()).toEqual([
      'Summer stall',
      'Winter appealLive',
    ]);
    expect(
      await row('Winter appeal')
        .getByRole('button', { name: /^Set Live/ })
        .count(),
    ).toBe(0);
    await axeClean(page);
    await shot(page, 'list');

    await row('Summer stall')
      .getByRole('button', { name: /^Set Live/ })
      .click();
    await row('Summer stall').getByText('Live', { exact: true }).waitFor();
    await row('Winter appeal')
      .getByRole('button', { name: /^Set Live/ })
      .waitFor();
    await panel(page)
      .getByRole('status')
      .filter({ hasText: '“Summer stall” is now your live page.' })
      .waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Edit Page: Summer stall');
    await panel(page)
      .getByRole('region', { name: 'Your Live Page', exact: true })
      .getByText('Summer stall', { exact: true })
      .waitFor();
    const listed = await listPages(charity);
    const summer = listed.pages.find((p) => p.name === 'Summer stall') as ApiPage;
    expect(listed.live_page_id).toBe(summer.id);
    expect(listed.pages.filter((p) => p.is_live).map((p) => p.name)).toEqual(['Summer stall']);

    // The live page's Delete is disabled and says why; pressing it opens nothing.
    const liveDelete = row('Summer stall').getByRole('button', { name: /^Delete/ });
    expect(await liveDelete.getAttribute('aria-disabled')).toBe('true');
    expect(
      await liveDelete.evaluate((el) =>
        (el.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent)
          .join(' '),
      ),
    ).toBe("Can't delete live page");
    await liveDelete.hover();
    await row('Summer stall').locator('.mp-tip__text', { hasText: "Can't delete live page" }).waitFor();
    await liveDelete.click({ force: true });
    expect(await page.getByRole('dialog').count()).toBe(0);

    // The other page: confirm, then it and its files are gone.
    const winter = listed.pages.find((p) => p.name === 'Winter appeal') as ApiPage;
    await row('Winter appeal')
      .getByRole('button', { name: /^Delete/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete this page?' });
    await dialog
      .getByText('Winter appeal and its 2 photos will be deleted permanently.', { exact: false })
      .waitFor();
    await axeClean(page);
    await shot(page, 'delete-dialog');
    await dialog.getByRole('button', { name: 'Delete Page' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row('Winter appeal').waitFor({ state: 'detached' });
    await panel(page).getByRole('status').filter({ hasText: '“Winter appeal” was deleted.' }).waitFor();
    expect((await listPages(charity)).pages.map((p) => p.name)).toEqual(['Summer stall']);
    for (const media of winter.media) expect(await mediaStatus(media.file_path)).toBe(404);
    // Focus lands on the list's heading, not on the page body.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Your Main Pages');

    // The server refuses deleting the live page too.
    const refused = await callApi('DELETE', `/api/me/pages/${summer.id}`, undefined, {
      token: charity.idToken,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'PAGE_IS_LIVE', error: PageMessage.LiveCannotBeDeleted });
  });

  it('moves the carousel by keyboard, with arrows, dots and arrow keys', async () => {
    const page = await session.newPage({ reducedMotion: 'reduce' });
    await openTab(page, charity);
    await panel(page)
      .getByRole('region', { name: 'Your Live Page', exact: true })
      .getByRole('button', { name: 'Edit This Page' })
      .click();
    await fileInput(page).setInputFiles([
      await canvasPng(page, 'market.png', '#b7791f'),
      await canvasPng(page, 'queue.png', '#375a7f'),
    ]);
    await thumbs(page).nth(2).waitFor();
    const preview = panel(page).getByRole('region', { name: 'Live preview of your page' });
    expect(await counter(preview).textContent()).toBe('1 / 3');

    const next = preview.getByRole('button', { name: 'Next slide' });
    await next.focus();
    await page.keyboard.press('Enter');
    expect(await counter(preview).textContent()).toBe('2 / 3');
    await page.keyboard.press('ArrowRight');
    expect(await counter(preview).textContent()).toBe('3 / 3');
    await page.keyboard.press('ArrowRight');
    expect(await counter(preview).textContent()).toBe('1 / 3');
    await page.keyboard.press('ArrowLeft');
    expect(await counter(preview).textContent()).toBe('3 / 3');
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Previous slide');
    await page.keyboard.press('Space');
    expect(await counter(preview).textContent()).toBe('2 / 3');
    // The screen-reader text follows, and only the current slide is reachable.
    await preview.getByText('Slide 2 of 3').waitFor();
    expect(await preview.locator('.hero__slide:not([inert])').count()).toBe(1);
    expect(await preview.locator('.hero__slide:not([inert]) img').getAttribute('alt')).toBe(
      'Brambleford Community Larder, slide 2 of 3',
    );
    const dot = preview.getByRole('button', { name: 'Show slide 1' });
    await dot.focus();
    await page.keyboard.press('Enter');
    expect(await counter(preview).textContent()).toBe('1 / 3');
    expect(await dot.getAttribute('aria-current')).toBe('true');
    // Reduced motion: the slides do not glide.
    const duration = await preview
      .locator('.hero__track')
      .evaluate((el) => Number.parseFloat(getComputedStyle(el).transitionDuration));
    expect(duration).toBeLessThan(0.01);

    // Back leaves the form without saving, once the charity confirms it (issue 19).
    await panel(page).getByRole('button', { name: 'Back' }).click();
    await page
      .getByRole('dialog', { name: 'Leave without saving?' })
      .getByRole('button', { name: 'Leave without saving' })
      .click();
    await waitForPages(page);
    expect((await listPages(charity)).pages[0]?.media).toHaveLength(1);
  });

  it('caps the media at the template limit and disables the chooser there', async () => {
    const page = await session.newPage();
    await openTab(page, charity);
    await panel(page).getByRole('button', { name: 'Customize Your Page' }).click();
    const files = [];
    for (let i = 0; i < 11; i += 1)
      files.push(await canvasPng(page, `photo-${i + 1}.png`, `hsl(${i * 30} 60% 35%)`));
    await fileInput(page).setInputFiles(files);
    await thumbs(page).nth(9).waitFor();
    expect(await thumbs(page).count()).toBe(10);
    await panel(page).getByText('10 of 10 added').waitFor();
    await panel(page)
      .getByRole('alert')
      .filter({ hasText: 'This template allows up to 10 photos or videos. 1 file was not added.' })
      .waitFor();
    expect(await fileInput(page).isDisabled()).toBe(true);
    await panel(page).getByText('Media limit reached').waitFor();
    await panel(page).getByRole('button', { name: 'Remove photo 10' }).click();
    expect(await fileInput(page).isDisabled()).toBe(false);
  });

  it('fits a 375 px screen without sideways scrolling in every state', async () => {
    const page = await session.newPage({ width: 375, height: 800 });
    await openTab(page, charity);
    expect(await sideways(page)).toBe(0);
    await shot(page, 'live');
    await panel(page).getByRole('button', { name: 'View Existing Pages' }).click();
    expect(await sideways(page)).toBe(0);
    await axeClean(page);
    await shot(page, 'list');

    await panel(page).getByRole('button', { name: 'Customize Your Page' }).click();
    await fileInput(page).setInputFiles([
      await canvasPng(page, 'a.png', '#0e5a52'),
      await canvasPng(page, 'b.png', '#a4482a'),
    ]);
    await thumbs(page).nth(1).waitFor();
    await writeContent(page, MISSION, ABOUT);
    expect(await sideways(page)).toBe(0);
    await axeClean(page);
    await shot(page, 'form');
    await panel(page).getByRole('button', { name: 'Save Page' }).click();
    await page.getByRole('dialog', { name: 'Name Your Page' }).waitFor();
    await page.getByRole('dialog').getByLabel('Page name').fill('x'.repeat(60));
    expect(await sideways(page)).toBe(0);
    await shot(page, 'name-dialog');
  });

  it('shows the tab with no pages at 375 px, in high contrast too', async () => {
    const fresh = await createCharity({
      label: 'mainpages-empty',
      charityName: 'Oakhurst Riverside Wildlife Rescue Trust',
    });
    const page = await session.newPage({ width: 375, height: 800 });
    await openTab(page, fresh);
    await panel(page).getByRole('heading', { name: 'No live page yet' }).waitFor();
    expect(await sideways(page)).toBe(0);
    await shot(page, 'empty');
    await page.getByRole('button', { name: 'High contrast' }).click();
    await axeClean(page);
    await shot(page, 'empty-high-contrast');
  });
});
