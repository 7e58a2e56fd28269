/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { utcToUkLocal } from '@shared/posts';
import type { Page } from 'playwright-core';
import { cloud } from '../support/cloud';
import { makeLiveCharity } from '../support/public-page';
import { axeViolations, browserForFile, journeyTimeout, shootBothWidths, sideways } from './support/browser';
import { openDashboardTab } from './support/journeys';

journeyTimeout(150_000);

/** Set POSTS_SHOTS=1 to keep screenshots (1280 and 375 px) under test-results/posts. */
const SHOTS = process.env.POSTS_SHOTS ? join(__dirname, '..', '..', 'test-results', 'posts') : null;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

const { appUrl } = cloud();
const session = browserForFile();
const ukIn = (hours: number) => utcToUkLocal(new Date(Date.now() + hours * 3_600_000).toISOString());

/** No axe violations and, at 375 px, no sideways scroll; then back to 1280. */
async function checkBothWidths(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await sideways(page)).toBe(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await shootBothWidths(page, SHOTS, name);
}

describe('posts', () => {
  it('creates a draft story, a scheduled event and a published story; lists them by tab; shows the published one to donors', async () => {
    const c = await makeLiveCharity({ label: 'posts', charityName: 'Larkspur Food Hub' });
    const page = await session.newPage();
    await openDashboardTab(page, appUrl, c, 'Create Posts');
    const done = page.locator('.post-done');

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

    // View Posts: counts per tab, newest first, and each tab's posts.
    await done.getByRole('button', { name: 'View your posts' }).click();
    const tabs = page.getByRole('tablist', { name: 'Posts by status' });
    await tabs.getByRole('tab', { name: 'All (3)' }).waitFor();
    for (const name of ['Published (1)', 'Drafts (1)', 'Scheduled (1)'])
      await tabs.getByRole('tab', { name }).waitFor();
    const titles = page.locator('#posts-list .post-row__title');
    expect(await titles.allInnerTexts()).toEqual(['Coats for everyone', 'Open evening', 'Our first winter']);
    await checkBothWidths(page, 'view-posts');
    await tabs.getByRole('tab', { name: 'Drafts (1)' }).click();
    await page.locator('#posts-list').getByText('Our first winter').waitFor();
    expect(await titles.allInnerTexts()).toEqual(['Our first winter']);
    await tabs.getByRole('tab', { name: 'Drafts (1)' }).press('ArrowRight');
    await page.locator('#posts-list').getByText('Open evening').waitFor();
    expect(await page.locator('#posts-list').innerText()).toContain('Scheduled for');

    // Donors see the published story, not the draft nor the scheduled event.
    await page.goto(`${appUrl}/charities/${c.registrationNumber}`);
    const updates = page.getByRole('region', { name: 'Updates' });
    await updates.getByText('Coats for everyone').waitFor();
    expect(await updates.innerText()).not.toContain('Open evening');
    expect(await updates.innerText()).not.toContain('Our first winter');
  });
});
