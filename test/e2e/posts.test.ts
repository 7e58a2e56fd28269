/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { MediaWordsMessage } from '@shared/media';
import { utcToUkLocal } from '@shared/posts';
import type { Page } from 'playwright-core';
import { cloud } from '../support/cloud';
import { fakeMp4 } from '../support/media';
import { makeLiveCharity } from '../support/public-page';
import {
  axeViolations,
  axeViolationsFromTop,
  browserForFile,
  journeyTimeout,
  shootBothWidths,
  sideways,
} from './support/browser';
import { chooseThrough, openDashboardTab } from './support/journeys';

/**
 * Issue 44, a charity's posts in the browser, on one live charity: the first journey (at 1280 px) creates each
 * type, a story as a draft, an event scheduled, a story and a photo post (a JPEG chosen through the file input)
 * published and a video post (an MP4 with its description) as a draft; the second (at 375 px) edits, unpublishes
 * and deletes in View Posts and reads the public page as a donor. axe is clean at both widths on each screen.
 */
journeyTimeout(150_000);

/** Set POSTS_SHOTS=1 to keep screenshots (1280 and 375 px) under test-results/posts. */
const SHOTS = process.env.POSTS_SHOTS ? join(__dirname, '..', '..', 'test-results', 'posts') : null;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

const { appUrl } = cloud();
const session = browserForFile();
const ukIn = (hours: number) => utcToUkLocal(new Date(Date.now() + hours * 3_600_000).toISOString());

const WIDE = { width: 1280, height: 900 };
const NARROW = { width: 375, height: 812 };

/**
 * No axe violations at 1280 and 375 px (read from the top of the page: a control scrolled under the sticky header
 * would count as an overlapping target) and, at 375, no sideways scroll; then back to the width it was at.
 */
async function checkBothWidths(page: Page, name: string) {
  const was = page.viewportSize() ?? WIDE;
  await page.waitForLoadState('networkidle');
  for (const size of was.width === NARROW.width ? [NARROW, WIDE] : [WIDE, NARROW]) {
    await page.setViewportSize(size);
    if (size === NARROW) expect(await sideways(page)).toBe(0);
    expect(await axeViolationsFromTop(page)).toEqual([]);
  }
  await shootBothWidths(page, SHOTS, name);
  await page.setViewportSize(was);
}

/** A real JPEG drawn in the page (the editor decodes and re-encodes a chosen photo, so bytes must be an image). */
async function canvasJpeg(page: Page, name: string, colour: string) {
  const dataUrl = await page.evaluate((colour) => {
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 360;
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
    ctx.fillStyle = colour;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/jpeg', 0.9);
  }, colour);
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from(dataUrl.split(',')[1] as string, 'base64') };
}

/** The dashboard's View Posts tabs show these counts (they refresh after every change). */
async function counts(page: Page, all: number, published: number, drafts: number, scheduled: number) {
  const tabs = page.getByRole('tablist', { name: 'Posts by status' });
  for (const name of [
    `All (${all})`,
    `Published (${published})`,
    `Drafts (${drafts})`,
    `Scheduled (${scheduled})`,
  ])
    await tabs.getByRole('tab', { name }).waitFor();
}

const PHOTO_CAPTION = 'Forty bowls of soup on Friday.';
const PHOTO_ALT = 'Volunteers ladling soup into bowls at a long table';
const VIDEO_TEXT = 'Our Friday kitchen in ninety seconds.';
const VIDEO_EDITED = 'Our Friday kitchen, start to finish.';
const VIDEO_DESCRIPTION = 'Volunteers chop, stir and serve; no speech, music only';

describe('posts', () => {
  // One charity for the file; the second journey works on the posts the first made, in the same signed-in page.
  let c: Awaited<ReturnType<typeof makeLiveCharity>>;
  let page: Page;
  let donor: Page;
  beforeAll(async () => {
    c = await makeLiveCharity({ label: 'posts', charityName: 'Larkspur Food Hub' });
  });

  it('creates each post type at 1280 px: a draft story, a scheduled event, a published story and photo, a draft video', async () => {
    page = await session.newPage(WIDE);
    await openDashboardTab(page, appUrl, c, 'Create Posts');
    const done = page.locator('.post-done');
    const editor = page.locator('form.post-editor');

    // A story saved as a draft (Story is the type chosen first); a problem first, in the API's words.
    await page.getByLabel('Title', { exact: true }).fill('Our first winter');
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await page.getByRole('alert').getByRole('link', { name: 'Please write some text.' }).waitFor();
    await page.getByLabel('Your story', { exact: true }).fill('We opened our doors in November.');
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await done.getByText('Your story is saved as a draft.').waitFor();
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('');

    // An event, scheduled for tomorrow (UK time).
    await page.getByRole('radio', { name: /^Event/ }).check();
    await page.getByLabel('Title', { exact: true }).fill('Open evening');
    await page.getByLabel('Description', { exact: true }).fill('Come and meet the team.');
    await page.getByLabel('Starts', { exact: true }).fill(ukIn(48));
    await page.getByLabel('Ends', { exact: true }).fill(ukIn(50));
    await page.getByLabel('Place', { exact: true }).fill('St Anne’s Hall, Larkspur');
    await page.getByLabel('Publish on', { exact: true }).fill(ukIn(24));
    await checkBothWidths(page, 'create-event');
    await page.getByRole('button', { name: 'Schedule' }).click();
    await done.getByText(/^Your event is scheduled for .+ UK time\.$/).waitFor();

    // A story published now.
    await page.getByRole('radio', { name: /^Story/ }).check();
    await page.getByLabel('Title', { exact: true }).fill('Coats for everyone');
    await page
      .getByLabel('Your story', { exact: true })
      .fill('Thank you to everyone who dropped off a coat.');
    await page.getByRole('button', { name: 'Publish now' }).click();
    await done.getByText('Your story is published.').waitFor();

    // A photo post, published: asked for a photo first, then a JPEG chosen through the file input, its alt
    // text and a caption.
    await page.getByRole('radio', { name: /^Photo/ }).check();
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByRole('alert').getByRole('link', { name: 'Please add at least one photo.' }).waitFor();
    await chooseThrough(page, editor)('Add photos', [await canvasJpeg(page, 'soup.jpg', '#0e5a52')]);
    await editor.locator('.post-media__item img').waitFor();
    await editor.getByText('1 of 10 added.', { exact: false }).waitFor();
    await page.getByLabel('Caption (optional)', { exact: true }).fill(PHOTO_CAPTION);
    await page.getByLabel(/^Alt text \(required\) for photo 1$/).fill(PHOTO_ALT);
    await checkBothWidths(page, 'create-photo');
    await page.getByRole('button', { name: 'Publish now' }).click();
    await done.getByText('Your photo is published.').waitFor();

    // A video post saved as a draft: an MP4 with its description and its text description.
    await page.getByRole('radio', { name: /^Video/ }).check();
    await chooseThrough(page, editor)('Choose a video', [
      { name: 'kitchen.mp4', mimeType: 'video/mp4', buffer: fakeMp4() },
    ]);
    await editor.locator('.post-media__item video').waitFor({ state: 'attached' });
    await page.getByLabel('Description', { exact: true }).fill(VIDEO_TEXT);
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await page.getByRole('alert').getByRole('link', { name: MediaWordsMessage.AltRequired }).waitFor();
    await page.getByLabel(/^Text description \(required\) for video$/).fill(VIDEO_DESCRIPTION);
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await done.getByText('Your video is saved as a draft.').waitFor();
    expect(await editor.locator('.post-media__item').count()).toBe(0);

    // Donors see the published story and photo (served), not the drafts nor the scheduled event.
    donor = await session.newPage(WIDE);
    await donor.goto(`${appUrl}/charities/${c.registrationNumber}`);
    const updates = donor.getByRole('region', { name: 'Updates' });
    await updates.getByText('Coats for everyone').waitFor();
    const photo = updates.getByRole('img', { name: PHOTO_ALT });
    await updates.getByText(PHOTO_CAPTION).waitFor();
    const served = await donor.request.get(new URL((await photo.getAttribute('src')) as string, appUrl).href);
    expect([served.status(), served.headers()['content-type']]).toEqual([200, 'image/jpeg']);
    const shown = await updates.innerText();
    for (const hidden of ['Open evening', 'Our first winter', VIDEO_TEXT])
      expect(shown).not.toContain(hidden);
    expect(await updates.locator('video').count()).toBe(0);
  });

  it('at 375 px: lists posts by tab, edits (guarded), unpublishes and deletes; donors see the result', async () => {
    await page.setViewportSize(NARROW);
    await page.getByRole('tab', { name: 'View Posts', exact: true }).click();

    // Every tab's count, newest first, and a tab's own posts.
    await counts(page, 5, 2, 2, 1);
    const list = page.locator('#posts-list');
    const titles = list.locator('.post-row__title');
    expect(await titles.allInnerTexts()).toEqual([
      VIDEO_TEXT,
      PHOTO_CAPTION,
      'Coats for everyone',
      'Open evening',
      'Our first winter',
    ]);
    await checkBothWidths(page, 'view-posts');
    const tabs = page.getByRole('tablist', { name: 'Posts by status' });
    await tabs.getByRole('tab', { name: 'Drafts (2)' }).click();
    // The drafts' own list has arrived once the published photo has left and the first draft is there.
    await list.getByText(PHOTO_CAPTION).waitFor({ state: 'detached' });
    await list.getByText('Our first winter').waitFor();
    expect(await titles.allInnerTexts()).toEqual([VIDEO_TEXT, 'Our first winter']);
    await tabs.getByRole('tab', { name: 'Drafts (2)' }).press('ArrowRight');
    await list.getByText('Open evening').waitFor();
    expect(await list.innerText()).toContain('Scheduled for');
    await tabs.getByRole('tab', { name: 'All (5)' }).click();
    await list.getByText(VIDEO_TEXT).waitFor();

    // Edit the draft video: its saved words are there; Cancel and another dashboard tab both ask first (Stay
    // keeps the edit); then it is published.
    await list.getByRole('button', { name: `Edit ${VIDEO_TEXT}` }).click();
    const edit = page.getByRole('form', { name: 'Edit video' });
    await page.getByRole('heading', { name: `Edit: ${VIDEO_TEXT}` }).waitFor();
    expect(await edit.getByLabel(/^Text description \(required\) for video$/).inputValue()).toBe(
      VIDEO_DESCRIPTION,
    );
    await edit.getByLabel('Description', { exact: true }).fill(VIDEO_EDITED);
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    for (const away of [
      edit.getByRole('button', { name: 'Cancel' }),
      page.getByRole('tab', { name: 'Overview', exact: true }),
    ]) {
      await away.click();
      await leave.getByRole('button', { name: 'Stay on this page' }).click();
      await leave.waitFor({ state: 'detached' });
      expect(await edit.getByLabel('Description', { exact: true }).inputValue()).toBe(VIDEO_EDITED);
    }
    await edit.getByRole('button', { name: 'Publish now' }).click();
    const said = page.locator('.post-message');
    await said.getByText('Your video is published.').waitFor();
    await counts(page, 5, 3, 1, 1);

    // Unpublish the published story: back in the drafts.
    await list.getByRole('button', { name: 'Unpublish Coats for everyone' }).click();
    await said.getByText('“Coats for everyone” is back in your drafts.').waitFor();
    await counts(page, 5, 2, 2, 1);

    // Delete the first draft, through its confirmation.
    await list.getByRole('button', { name: 'Delete Our first winter' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this post?' });
    await confirm.getByText('“Our first winter” and its photos or video will be deleted for good.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Delete post' }).click();
    await said.getByText('“Our first winter” is deleted.').waitFor();
    await confirm.waitFor({ state: 'detached' });
    await counts(page, 4, 2, 1, 1);
    expect(await titles.allInnerTexts()).toEqual([
      VIDEO_EDITED,
      PHOTO_CAPTION,
      'Coats for everyone',
      'Open evening',
    ]);
    expect(await list.locator('.post-row', { hasText: 'Coats for everyone' }).innerText()).toContain('Draft');
    await checkBothWidths(page, 'view-posts-after');

    // The donor's page at 375: the video and the photo; the unpublished story has left it.
    await donor.setViewportSize(NARROW);
    await donor.reload();
    const updates = donor.getByRole('region', { name: 'Updates' });
    await updates.getByText(VIDEO_EDITED).waitFor();
    expect(await updates.locator('video').getAttribute('aria-label')).toBe(VIDEO_DESCRIPTION);
    await updates.getByRole('img', { name: PHOTO_ALT }).waitFor();
    const shown = await updates.innerText();
    for (const gone of ['Coats for everyone', 'Our first winter', 'Open evening'])
      expect(shown).not.toContain(gone);
    await checkBothWidths(donor, 'public-posts');
  });
});
