/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { CaptionFileMessage } from '@shared/media';
import type { Locator, Page } from 'playwright-core';
import { callApi } from '../support/api';
import { createCharity } from '../support/charity';
import { cloud } from '../support/cloud';
import { fakeMp4, vttFile } from '../support/media';
import { makeLiveCharity } from '../support/public-page';
import { axeClean, browserForFile, canvasPng, journeyTimeout, shootBothWidths } from './support/browser';
import { chooseThrough, openDashboardTab, signInThroughPage } from './support/journeys';

/**
 * Issue 19: a video takes a caption file (WebVTT), checked the moment it is chosen, saved with the video and
 * used as its captions track in the editors' previews and on the public page; the explore preview shows
 * captions; the Settings change-password form is guarded like the preference forms.
 */
journeyTimeout(180_000);

const { appUrl } = cloud();
/** Set CAPTION_SHOTS to a folder to keep screenshots of the editors at 1280 and 375 px. */
const SHOTS = process.env.CAPTION_SHOTS;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
const session = browserForFile();

const file = (name: string, mimeType: string, buffer: Buffer) => ({ name, mimeType, buffer });
const captionTrack = 'track[kind="captions"][srclang="en"][label="English"][default]';

/** Saves the main-page edit through the Confirm Upload dialog and waits for the saved toast. */
async function saveChanges(page: Page, panel: Locator) {
  // The page's own save answered (an earlier save's "Successfully uploaded!" may still be on screen).
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && /\/api\/me\/pages\/[^/]+$/.test(new URL(r.url()).pathname),
    { timeout: 60_000 },
  );
  await panel.getByRole('button', { name: 'Save Changes' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Upload' })
    .getByRole('button', { name: 'Confirm & Upload' })
    .click();
  expect((await saved).status()).toBe(200);
  await page.getByRole('status').filter({ hasText: 'Successfully uploaded!' }).waitFor({ timeout: 60_000 });
}

describe('caption files of videos', () => {
  it('refuses a wrong file on choice, saves a WebVTT file with its video, and plays it as captions on the public page', async () => {
    const live = await makeLiveCharity({ label: 'e2e-captions', charityName: 'Brambleford Caption Trust' });
    const page = await session.newPage();
    await openDashboardTab(page, appUrl, live, 'Setup Main Page');
    const panel = page.getByRole('tabpanel', { name: 'Setup Main Page' });
    await panel
      .getByRole('region', { name: 'Your Live Page', exact: true })
      .getByRole('button', { name: 'Edit This Page' })
      .click();
    await panel.getByRole('heading', { name: 'Edit Your Main Page' }).waitFor();
    await panel
      .locator('input[type="file"]:not(.caption-file__input)')
      .setInputFiles(file('supper.mp4', 'video/mp4', fakeMp4()));
    const chooser = panel.getByLabel(/^Caption file .* for video 3$/);
    await chooser.waitFor();

    // Wrong files are refused the moment they are chosen, with the reason.
    await chooser.setInputFiles(file('notes.vtt', 'text/vtt', Buffer.from('Stirring the soup')));
    await panel
      .getByRole('alert')
      .filter({ hasText: `notes.vtt: ${CaptionFileMessage.NotVtt}` })
      .waitFor();
    await chooser.setInputFiles(file('supper.srt', 'application/x-subrip', Buffer.from('1\n00:00:00,000')));
    await panel
      .getByRole('alert')
      .filter({ hasText: `supper.srt: ${CaptionFileMessage.WrongType}` })
      .waitFor();
    await chooser.setInputFiles(file('bell.vtt', 'text/vtt', vttFile('Ding \u0007')));
    await panel.getByRole('alert').filter({ hasText: CaptionFileMessage.NotText }).waitFor();
    expect(await panel.getByRole('button', { name: 'Remove caption file of video 3' }).count()).toBe(0);

    // A WebVTT file is taken: shown by name, and the preview's video has it as its captions track.
    await chooser.setInputFiles(file('supper.vtt', 'text/vtt', vttFile('Stirring the soup')));
    await panel.getByText('supper.vtt', { exact: true }).waitFor();
    // The chooser gives way to the file's Remove button, and focus goes with it.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Remove caption file of video 3',
    );
    expect(await panel.getByRole('alert').count()).toBe(0);
    await panel.getByLabel('Text description (required) for video 3').fill('Volunteers stirring soup');
    const preview = panel.getByRole('region', { name: 'Live preview of your page' });
    const previewTrack = preview.locator(`video ${captionTrack}`);
    await previewTrack.waitFor({ state: 'attached' });
    expect(await previewTrack.getAttribute('src')).toMatch(/^blob:/);
    await axeClean(page);
    await shootBothWidths(page, SHOTS, 'main-page-editor-caption-file');
    // High contrast stays clean.
    await page.getByRole('button', { name: 'High contrast' }).first().click();
    await page.waitForFunction(() => document.documentElement.classList.contains('high-contrast'));
    await axeClean(page);
    await shootBothWidths(page, SHOTS, 'main-page-editor-caption-file-hc');
    await page.getByRole('button', { name: 'High contrast' }).first().click();

    await saveChanges(page, panel);
    const listed = await callApi('GET', '/api/me/pages', undefined, { token: live.idToken });
    const media = (listed.body.pages as { media: { media_type: string; caption_file_path?: string }[] }[])[0]
      ?.media;
    const stored = media?.[2]?.caption_file_path as string;
    expect(stored).toMatch(new RegExp(`^${live.userId}/pages/.+\\.vtt$`));

    // The public page: the video carries the stored file as its default English captions.
    const visitor = await session.newPage();
    await visitor.goto(`${appUrl}/charities/${live.registrationNumber}`);
    await visitor.getByRole('heading', { level: 1, name: 'Brambleford Caption Trust' }).waitFor();
    const video = visitor.locator('.carousel video', { has: visitor.locator(captionTrack) });
    await video.waitFor({ state: 'attached' });
    expect(await video.getAttribute('crossorigin')).toBe('anonymous');
    expect(await video.getAttribute('aria-label')).toBe('Volunteers stirring soup');
    const src = (await video.locator('track').getAttribute('src')) as string;
    expect(new URL(src, appUrl).pathname).toBe(`/media/${stored}`);
    const served = await visitor.evaluate(async (url) => {
      const res = await fetch(url);
      return { type: res.headers.get('content-type'), text: await res.text() };
    }, src);
    expect(served).toEqual({ type: 'text/vtt', text: expect.stringContaining('Stirring the soup') });
    expect(
      await video.evaluate(
        (v: HTMLVideoElement) => v.textTracks[0]?.kind === 'captions' && v.textTracks[0].mode,
      ),
    ).toBe('showing');
    await axeClean(visitor);

    // Removing the caption file (and saving) deletes it.
    await panel
      .getByRole('region', { name: 'Your Live Page', exact: true })
      .getByRole('button', { name: 'Edit This Page' })
      .click();
    await panel.getByText('Caption file added').waitFor();
    await panel.getByRole('button', { name: 'Remove caption file of video 3' }).click();
    expect(await panel.getByText('Caption file added').count()).toBe(0);
    // Focus goes to the chooser that takes the button's place.
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.type === 'file');
    await saveChanges(page, panel);
    const after = await callApi('GET', '/api/me/pages', undefined, { token: live.idToken });
    const kept = (after.body.pages as { media: { caption_file_path?: string | null }[] }[])[0]?.media[2];
    expect(kept?.caption_file_path ?? null).toBeNull();
    const gone = await visitor.evaluate(async (url) => (await fetch(url, { cache: 'no-store' })).status, src);
    expect(gone).toBe(404);
  });

  it('shows captions in the explore preview, and a feed video caption file as its track', async () => {
    const charity = await createCharity({ label: 'e2e-explore-captions' });
    const page = await session.newPage();
    await openDashboardTab(page, appUrl, charity, 'Setup Explore View');
    const form = page.locator('section[aria-labelledby="explore-form-title"]');
    const preview = page.locator('section[aria-labelledby="explore-preview-title"]');
    const choose = chooseThrough(page, form);
    await form.getByLabel('Short description (required)').fill('Hot meals');
    await form.getByLabel('Detailed description (required)').fill('Every Friday we cook for our neighbours.');
    await choose('Choose grid image or video', [await canvasPng(page, 'grid.png', '#0e5a52')]);
    await form.getByLabel('Alt text (required) for the grid picture').fill('Our community kitchen');
    await form.getByLabel('Caption (optional) for the grid picture').fill('Friday supper at the hall');
    await preview.locator('figcaption', { hasText: 'Friday supper at the hall' }).first().waitFor();

    await choose('Add feed images or videos', [file('feed.mp4', 'video/mp4', fakeMp4())]);
    await form.getByLabel('Text description (required) for feed item 1').fill('Cooking soup');
    await form.getByLabel('Caption (optional) for feed item 1').fill('Soup for forty');
    await form
      .getByLabel(/^Caption file .* for feed item 1$/)
      .setInputFiles(file('feed.vtt', 'text/vtt', vttFile('Forty bowls')));
    await form.getByText('feed.vtt', { exact: true }).waitFor();
    // The large view shows the first feed item with its caption and its captions track.
    await preview.getByRole('button', { name: 'Large feed', exact: true }).click();
    await preview.locator('figcaption', { hasText: 'Soup for forty' }).first().waitFor();
    await preview.locator(`video ${captionTrack}`).first().waitFor({ state: 'attached' });
    await axeClean(page);
    await shootBothWidths(page, SHOTS, 'explore-editor-captions');

    await form.getByRole('button', { name: 'Save Changes' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm Changes' })
      .getByRole('button', { name: /Confirm/ })
      .click();
    await page.getByText('Your explore page has been saved.').waitFor({ timeout: 60_000 });
    const read = await callApi('GET', '/api/me/explore', undefined, { token: charity.idToken });
    const explore = read.body.explore as { feed: { caption_file_path?: string; caption: string | null }[] };
    expect(explore.feed[0]).toMatchObject({
      caption: 'Soup for forty',
      caption_file_path: expect.stringMatching(/\.vtt$/),
    });
  });
});

describe('the Settings change-password form', () => {
  it('asks before a link or Sign Out discards typed passwords', async () => {
    const charity = await createCharity({ label: 'e2e-settings-guard' });
    const page = await session.newPage();
    page.setDefaultTimeout(20_000);
    await page.addInitScript(() => window.localStorage.setItem('hasSeenGuidedTour', 'true'));
    await signInThroughPage(page, appUrl, charity);
    await page.getByRole('link', { name: 'Settings', exact: true }).first().click();
    await page.waitForURL(`${appUrl}/charity/settings`);
    const current = page.getByLabel('Current Password', { exact: true });
    await current.fill('not-saved-yet');
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    expect(
      await page.evaluate(() => {
        const event = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      }),
    ).toBe(true);

    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${appUrl}/charity/settings`);
    expect(await current.inputValue()).toBe('not-saved-yet');

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${appUrl}/charity/settings`);
    await axeClean(page);
    await shootBothWidths(page, SHOTS, 'settings-guard');

    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL(`${appUrl}/charity/dashboard`);

    // Cleared fields are not unsaved edits: no question.
    await page.getByRole('link', { name: 'Settings', exact: true }).first().click();
    await current.fill('x');
    await current.fill('');
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.waitForURL(`${appUrl}/charity/dashboard`);
    expect(await dialog.count()).toBe(0);
  });
});
