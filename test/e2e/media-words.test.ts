/// <reference lib="dom" />
import { mkdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MediaMessage } from '@shared/media';
import type { Page } from 'playwright-core';
import { callApi } from '../support/api';
import { createCharity, type TestCharity } from '../support/charity';
import { cloud } from '../support/cloud';
import { makeLiveCharity } from '../support/public-page';
import { axeClean, browserForFile, canvasPng, journeyTimeout, shootBothWidths } from './support/browser';
import { chooseThrough, openDashboardTab } from './support/journeys';

/**
 * Issue 19: every image has words (alt text or decorative, caption) in the editors, their previews and on the
 * public page; main-page media reorder by keyboard; files checked the moment they are chosen; Save says why it
 * waits when an edit leaves no media.
 */
journeyTimeout(180_000);

const { appUrl } = cloud();
/** Set MEDIA_SHOTS to a folder to keep screenshots of the editors at 1280 and 375 px. */
const SHOTS = process.env.MEDIA_SHOTS;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
const session = browserForFile();

const panel = (page: Page) => page.getByRole('tabpanel', { name: 'Setup Main Page' });
const items = (page: Page) => panel(page).locator('.mp-media .reorder-list__item');
const positions = (page: Page) => panel(page).locator('.mp-media .reorder-list__position').allTextContents();
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));

/** A 101MB MP4 on disk without using the space (a sparse file); the browser only reads its size. */
function hugeVideo(): string {
  const path = join(tmpdir(), `kindred-huge-${process.pid}.mp4`);
  writeFileSync(path, '');
  truncateSync(path, 101 * 1024 * 1024);
  return path;
}

describe('every image has words, in order', () => {
  let charity: TestCharity;
  beforeAll(async () => {
    charity = await createCharity({ label: 'media-words', charityName: 'Brambleford Food Larder' });
  });

  it('asks for alt text, reorders by keyboard, shows the words in the preview and saves them', async () => {
    const page = await session.newPage();
    await openDashboardTab(page, appUrl, charity, 'Setup Main Page');
    await panel(page).getByRole('button', { name: 'Customize Your Page' }).click();
    await panel(page).getByRole('heading', { name: 'Customize Your Main Page' }).waitFor();

    await panel(page)
      .locator('input[type="file"]')
      .setInputFiles([
        await canvasPng(page, 'harvest.png', '#0e5a52'),
        await canvasPng(page, 'kitchen.png', '#a4482a'),
        await canvasPng(page, 'stall.png', '#6b4f9a'),
      ]);
    await items(page).nth(2).waitFor();
    await panel(page).getByLabel('Our Mission').fill('Hot meals for Brambleford families.');
    await panel(page).getByLabel('About Us').fill('Volunteers cook every Friday.');
    const save = panel(page).getByRole('button', { name: 'Save Page' });
    expect(await save.isDisabled()).toBe(true);
    await panel(page)
      .getByText('To save, add alt text (or the decorative choice) for 3 photos or videos.')
      .waitFor();
    expect(await panel(page).getByText('Opens your page', { exact: true }).count()).toBe(1);
    expect(await items(page).first().getByText('Opens your page').count()).toBe(1);

    // Words: alt text and caption on photo 1, photo 2 decorative, photo 3 described.
    await panel(page).getByLabel('Alt text (required) for photo 1').fill('Volunteers packing food parcels');
    await panel(page).getByLabel('Caption (optional) for photo 1').fill('Friday night at the larder');
    await panel(page).getByLabel('Decorative only (no alt text) for photo 2').check();
    expect(await panel(page).getByLabel('Alt text for photo 2').isDisabled()).toBe(true);
    await panel(page).getByLabel('Alt text (required) for photo 3').fill('A market stall of vegetables');
    expect(await save.isDisabled()).toBe(false);

    // The preview uses the words: alt attribute and figcaption.
    const preview = panel(page).getByRole('region', { name: 'Live preview of your page' });
    await preview.getByRole('img', { name: 'Volunteers packing food parcels' }).waitFor();
    await preview.locator('figcaption', { hasText: 'Friday night at the larder' }).waitFor();
    await axeClean(page);

    // Move photo 3 up with its button: focus stays on the moved item's button.
    await panel(page).getByRole('button', { name: 'Move photo 3 up' }).click();
    expect(await focusedLabel(page)).toBe('Move photo 2 up');
    expect(await panel(page).getByLabel('Alt text (required) for photo 2').inputValue()).toBe(
      'A market stall of vegetables',
    );
    // Keyboard drag: the handle picks photo 1 up, arrow down moves it, Space drops it.
    await panel(page).getByRole('button', { name: 'Drag photo 1' }).focus();
    await page.keyboard.press('Space');
    expect(await panel(page).getByRole('button', { name: 'Drag photo 1' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await page.keyboard.press('ArrowDown');
    expect(await focusedLabel(page)).toBe('Drag photo 2');
    await page.keyboard.press('Space');
    await panel(page).getByRole('status').filter({ hasText: 'dropped at position 2 of 3' }).waitFor();
    expect(await panel(page).getByLabel('Alt text (required) for photo 1').inputValue()).toBe(
      'A market stall of vegetables',
    );
    expect(await panel(page).getByLabel('Alt text (required) for photo 2').inputValue()).toBe(
      'Volunteers packing food parcels',
    );
    expect(await positions(page)).toEqual(['Photo 1', 'Photo 2', 'Photo 3']);
    // The new first item is the one that opens the page.
    expect(await items(page).first().getByText('Opens your page').count()).toBe(1);
    await preview.getByRole('img', { name: 'A market stall of vegetables' }).waitFor();
    await axeClean(page);
    await shootBothWidths(page, SHOTS, 'main-page-editor');

    await save.click();
    const dialog = page.getByRole('dialog', { name: 'Name Your Page' });
    await dialog.getByLabel('Page name').fill('Words appeal');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('status').filter({ hasText: 'Successfully uploaded!' }).waitFor({ timeout: 60_000 });

    const listed = await callApi('GET', '/api/me/pages', undefined, { token: charity.idToken });
    const media = (
      listed.body.pages as {
        media: { alt_text: string | null; decorative: boolean; caption: string | null }[];
      }[]
    )[0]?.media;
    expect(media?.map(({ alt_text, decorative, caption }) => ({ alt_text, decorative, caption }))).toEqual([
      { alt_text: 'A market stall of vegetables', decorative: false, caption: null },
      {
        alt_text: 'Volunteers packing food parcels',
        decorative: false,
        caption: 'Friday night at the larder',
      },
      { alt_text: null, decorative: true, caption: null },
    ]);
    // The live card's preview shows the saved words too.
    await panel(page)
      .getByRole('region', { name: 'Your Live Page', exact: true })
      .getByRole('img', { name: 'A market stall of vegetables' })
      .waitFor();
  });

  it('refuses a 100MB+ video the moment it is chosen, and says why Save waits when no media is left', async () => {
    const page = await session.newPage();
    await openDashboardTab(page, appUrl, charity, 'Setup Main Page');
    await panel(page)
      .getByRole('region', { name: 'Your Live Page', exact: true })
      .getByRole('button', { name: 'Edit This Page' })
      .click();
    await panel(page).getByRole('heading', { name: 'Edit Your Main Page' }).waitFor();
    const huge = hugeVideo();
    try {
      await panel(page).locator('input[type="file"]').setInputFiles(huge);
      await panel(page)
        .getByRole('alert')
        .filter({ hasText: `${huge.split('/').pop()}: ${MediaMessage.TooLarge}` })
        .waitFor();
    } finally {
      rmSync(huge, { force: true });
    }
    expect(await items(page).count()).toBe(3);
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Remove every item: Save is disabled and says why.
    for (let left = 3; left > 0; left--)
      await panel(page)
        .getByRole('button', { name: /^Remove / })
        .first()
        .click();
    expect(await items(page).count()).toBe(0);
    // Focus goes to the file chooser once the list is empty (after the list's last render, a task later).
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.type === 'file');
    const save = panel(page).getByRole('button', { name: 'Save Changes' });
    expect(await save.isDisabled()).toBe(true);
    await panel(page).getByText('To save, add at least one photo or video.').waitFor();
    expect((await save.getAttribute('aria-describedby')) ?? '').toContain('missing');
    await axeClean(page);
  });

  it('asks for words on explore media and refuses a too-large feed video on choice', async () => {
    const other = await createCharity({ label: 'explore-words' });
    const page = await session.newPage();
    await openDashboardTab(page, appUrl, other, 'Setup Explore View');
    const form = page.locator('section[aria-labelledby="explore-form-title"]');
    const choose = chooseThrough(page, form);
    await form.getByLabel('Short description (required)').fill('Hot meals');
    await form.getByLabel('Detailed description (required)').fill('Every Friday we cook for our neighbours.');
    await choose('Choose grid image or video', [await canvasPng(page, 'grid.png', '#0e5a52')]);
    const huge = hugeVideo();
    try {
      await choose('Add feed images or videos', [huge]);
      await form.getByText(`${huge.split('/').pop()}: ${MediaMessage.TooLarge}`).waitFor();
    } finally {
      rmSync(huge, { force: true });
    }
    expect(await form.locator('.reorder-list__item').count()).toBe(0);
    await choose('Add feed images or videos', [await canvasPng(page, 'feed.png', '#a4482a')]);
    await form
      .locator('#explore-save-blocker', {
        hasText: 'To save, add alt text (or the decorative choice) for 2 photos or videos.',
      })
      .waitFor();
    await form.getByLabel('Alt text (required) for the grid picture').fill('Our community kitchen');
    await form.getByLabel('Decorative only (no alt text) for feed item 1').check();
    expect(await form.locator('#explore-save-blocker').count()).toBe(0);
    const preview = page.locator('section[aria-labelledby="explore-preview-title"]');
    await preview.getByRole('img', { name: 'Our community kitchen' }).waitFor();
    await axeClean(page);
    await shootBothWidths(page, SHOTS, 'explore-editor');
  });

  it('shows the charity alt text and captions on the public page, decorative images with empty alt', async () => {
    const charityPage = await makeLiveCharity({
      charityName: 'Brambleford Words Trust',
      words: (i) =>
        i === 0 ? { alt: 'Volunteers serving soup', caption: 'Friday supper' } : { decorative: true },
    });
    const page = await session.newPage();
    await page.goto(`${appUrl}/charities/${charityPage.registrationNumber}`);
    await page.getByRole('heading', { level: 1, name: 'Brambleford Words Trust' }).waitFor();
    expect(await page.getByRole('img', { name: 'Volunteers serving soup' }).count()).toBeGreaterThanOrEqual(
      1,
    );
    await page.locator('figcaption', { hasText: 'Friday supper' }).first().waitFor();
    expect(await page.locator('.carousel__media[alt=""]').count()).toBe(1);
    await axeClean(page);
    await shootBothWidths(page, SHOTS, 'public-page');
  });
});
