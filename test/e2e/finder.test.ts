/// <reference lib="dom" />

import { brand } from '@shared/brand';
import type { Page, Request } from 'playwright-core';
import { cloud } from '../support/cloud';
import { claimSampleCharity } from '../support/numbers';
import { markOnPlatform } from '../support/on-platform';
import { tableClient } from '../support/table';
import { axeViolations, browserForFile, injectAxe, journeyTimeout } from './support/browser';

journeyTimeout(120_000);

const { appUrl } = cloud();
const doc = tableClient();

const SEARCH_ERROR = 'The charity database search is temporarily unavailable. Please try again in a moment.';
const ON = `On ${brand.productName}`;
const NOT_ON = `Not on ${brand.productName}`;
/** The fictional sample register: its first 36 registered numbers start 5100 (the later ones 5200), found here. */
const ALL_SAMPLE = '5100';
const SAMPLE_SIZE = 36;

const session = browserForFile();
afterAll(() => doc.destroy());

/** Opens the landing page and brings the finder (lazy-loaded) into view. */
async function openFinder(page: Page) {
  await page.goto(`${appUrl}/`);
  await page.locator('#charity-finder').scrollIntoViewIfNeeded();
  await page.getByRole('heading', { level: 2, name: 'UK Charity Finder' }).waitFor();
  await box(page).waitFor();
}

const box = (page: Page) => page.getByRole('searchbox', { name: 'Charity name or registration number' });
const cards = (page: Page) => page.locator('#charity-finder article.finder-card');
const status = (page: Page) => page.locator('#charity-finder [role="status"]');
const cardNamed = (page: Page, name: string) =>
  cards(page).filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

async function search(page: Page, text: string) {
  await box(page).fill(text);
  await box(page).press('Enter');
}

async function searchAndWait(page: Page, text: string) {
  await search(page, text);
  await page.waitForFunction(() =>
    /found$/.test(document.querySelector('#charity-finder [role="status"]')?.textContent ?? ''),
  );
}

/** Counts the page's calls to each API route. */
function countCalls(page: Page) {
  const calls = { search: 0, details: 0 };
  page.on('request', (request: Request) => {
    if (request.url().endsWith('/api/search-charities')) calls.search += 1;
    if (request.url().endsWith('/api/get-charity-details')) calls.details += 1;
  });
  return calls;
}

async function noSidewaysScroll(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describe('charity finder', () => {
  it('searches by name: cards with number, date, activities, website and a clear on/not on badge', async () => {
    // Mark one sample charity as on the platform, as registration does.
    const undo = await markOnPlatform({ appUrl, registrationNumber: claimSampleCharity('5100007').number });
    try {
      const page = await session.newPage();
      const calls = countCalls(page);
      await openFinder(page);
      await expect(page.locator('#finder-search-type').textContent()).resolves.toContain('Name');
      await searchAndWait(page, 'hollowmere');

      await expect(status(page).textContent()).resolves.toBe('4 charities found');
      await expect(cards(page).count()).resolves.toBe(4);
      const park = cardNamed(page, 'Friends of Hollowmere Park');
      await expect(park.locator('.finder-badge').textContent()).resolves.toBe(ON);
      await expect(park.textContent()).resolves.toContain('5100007');
      await expect(park.textContent()).resolves.toContain('11 February 2005');
      await expect(park.textContent()).resolves.toContain('Volunteers care for Hollowmere Park');
      const website = park.getByRole('link', { name: /Website of Friends of Hollowmere Park/ });
      await expect(website.getAttribute('href')).resolves.toBe(
        'https://friendsofhollowmerepark.example.org/',
      );
      await expect(website.getAttribute('rel')).resolves.toContain('noopener');
      await expect(website.getAttribute('target')).resolves.toBe('_blank');
      const hedgehogs = cardNamed(page, 'Hollowmere Hedgehog Hospital');
      await expect(hedgehogs.locator('.finder-badge').textContent()).resolves.toBe(NOT_ON);
      // No details are fetched until a charity is chosen.
      expect(calls).toEqual({ search: 1, details: 0 });
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await undo();
    }
  });

  it('shows the detected search type as the user types and finds a charity by its number', async () => {
    const page = await session.newPage();
    await openFinder(page);
    const type = page.locator('#finder-search-type [data-search-type]');
    await box(page).pressSequentially('51001');
    await expect(type.textContent()).resolves.toBe('Number');
    await box(page).pressSequentially('8a');
    await expect(type.textContent()).resolves.toBe('Name');
    await box(page).press('Backspace');
    await expect(type.textContent()).resolves.toBe('Number');
    await box(page).press('Enter');
    await cards(page).first().waitFor();
    await expect(cards(page).first().getByRole('heading', { level: 3 }).textContent()).resolves.toBe(
      'Hollowmere Hedgehog Hospital',
    );
    await expect(box(page).getAttribute('maxlength')).resolves.toBe('200');
  });

  it('shows 15 results, and Load More Charities adds 15 and moves focus to the first new one', async () => {
    const page = await session.newPage();
    await openFinder(page);
    await searchAndWait(page, ALL_SAMPLE);
    await expect(status(page).textContent()).resolves.toBe(`${SAMPLE_SIZE} charities found`);
    await expect(cards(page).count()).resolves.toBe(15);
    const more = page.getByRole('button', { name: 'Load More Charities' });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(cards(page).count()).resolves.toBe(30);
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-open-detail'));
    await expect(
      cards(page).nth(15).locator('[data-open-detail]').getAttribute('data-open-detail'),
    ).resolves.toBe(focused);
    const cardOfFocus = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('article.finder-card')).findIndex((card) =>
          card.contains(document.activeElement),
        ),
      );
    await expect(cardOfFocus()).resolves.toBe(15);
    // Tab carries on through the newly shown results.
    await page.keyboard.press('Tab');
    await expect(cardOfFocus()).resolves.toBeGreaterThanOrEqual(15);
    await more.click();
    await expect(cards(page).count()).resolves.toBe(SAMPLE_SIZE);
    await expect(more.count()).resolves.toBe(0);
    await expect(page.locator('.finder-results__count').textContent()).resolves.toBe(
      `Showing ${SAMPLE_SIZE} of ${SAMPLE_SIZE}`,
    );
    // Fewer than a page: no Load More at all.
    await searchAndWait(page, 'hollowmere');
    await expect(more.count()).resolves.toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('opens a detail view with every field, and Back to Results returns to the same list, place and focus', async () => {
    const page = await session.newPage();
    const calls = countCalls(page);
    await openFinder(page);
    await searchAndWait(page, ALL_SAMPLE);
    await page.getByRole('button', { name: 'Load More Charities' }).click();
    await expect(cards(page).count()).resolves.toBe(30);

    // A charity with no income or expenditure on the register.
    const heritage = cardNamed(page, 'The Little Fenwick Heritage Society');
    const open = heritage.getByRole('button', { name: /View details/ });
    await open.scrollIntoViewIfNeeded();
    const scrollBefore = await page.evaluate(() => window.scrollY);
    await open.click();
    const detail = page.locator('article.finder-detail');
    await detail.locator('.finder-detail__body').waitFor();
    expect(calls.details).toBe(1);
    await expect(cards(page).count()).resolves.toBe(0);
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('finder-detail-title');
    const field = async (label: string) =>
      (
        await detail
          .locator('.finder-field')
          .filter({ has: page.locator('dt', { hasText: label }) })
          .locator('dd')
          .first()
          .textContent()
      )?.trim();
    await expect(detail.getByRole('heading', { level: 3 }).textContent()).resolves.toBe(
      'The Little Fenwick Heritage Society',
    );
    await expect(field('Income')).resolves.toBe('Not available');
    await expect(field('Expenditure')).resolves.toBe('Not available');
    await expect(field('Employees')).resolves.toBe('1');
    await expect(field('Volunteers')).resolves.toBe('29');
    await expect(field('Registration number')).resolves.toBe('5100147');
    await expect(field('Status')).resolves.toBe('Active');
    await expect(field('Registration date')).resolves.toBe('13 April 2006');
    await expect(field('Removal date')).resolves.toBe('Not available');
    await expect(field('Website')).resolves.toBe('Not available');
    await expect(field('Address')).resolves.toContain('24 Example Street');
    await expect(detail.getByRole('link', { name: '01632 960121' }).getAttribute('href')).resolves.toBe(
      'tel:01632960121',
    );
    await expect(
      detail.getByRole('link', { name: 'hello@thelittlefenwickheritage.example.org' }).getAttribute('href'),
    ).resolves.toBe('mailto:hello@thelittlefenwickheritage.example.org');
    await expect(detail.locator('.finder-detail__trustees li').allTextContents()).resolves.toEqual([
      'Eleanor Davies',
      'Tom Ellis',
      'Aisha Reid',
    ]);
    await expect(detail.locator('.finder-chips li').allTextContents()).resolves.toEqual([
      'Little Fenwick (fictional)',
    ]);
    await expect(detail.textContent()).resolves.toContain('Looks after the village archive');
    await expect(detail.textContent()).resolves.toContain('To relieve need and advance the wellbeing');
    await expect(detail.locator('.finder-badge').textContent()).resolves.toBe(NOT_ON);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Back to Results' }).click();
    await expect(cards(page).count()).resolves.toBe(30);
    const focusedName = await page.evaluate(() => document.activeElement?.getAttribute('data-open-detail'));
    expect(focusedName).toBe('5100147');
    const scrollAfter = await page.evaluate(() => window.scrollY);
    expect(Math.abs(scrollAfter - scrollBefore)).toBeLessThanOrEqual(2);
    expect(calls.details).toBe(1);

    // A charity with no address line, money shown as whole pounds.
    await searchAndWait(page, 'kestrel lifeboat');
    await cardNamed(page, 'The Kestrel Bay Lifeboat Supporters')
      .getByRole('button', { name: /View details/ })
      .click();
    await detail.locator('.finder-detail__body').waitFor();
    await expect(field('Address')).resolves.toBe('Address not available');
    await expect(field('Phone')).resolves.toBe('Not available');
    await expect(field('Income')).resolves.toBe('£35,610');
    await expect(field('Expenditure')).resolves.toBe('£33,117');
    const site = detail.getByRole('link', { name: /^thekestrelbaylifeboatsup\.example\.org/ });
    await expect(site.getAttribute('rel')).resolves.toContain('noopener');
  });

  it('shows detail loading and a failure with the spec prefix', async () => {
    const page = await session.newPage();
    await openFinder(page);
    await searchAndWait(page, 'hedgehog');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/get-charity-details', async (route) => {
      await held;
      await route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: 'Charity not found', code: 'CHARITY_NOT_FOUND' }),
      });
    });
    await cards(page)
      .first()
      .getByRole('button', { name: /View details/ })
      .click();
    const detail = page.locator('article.finder-detail');
    await expect(detail.getAttribute('aria-busy')).resolves.toBe('true');
    await expect(detail.textContent()).resolves.toContain('Loading charity details…');
    release();
    await detail.getByRole('alert').waitFor();
    await expect(detail.getByRole('alert').textContent()).resolves.toBe(
      'Failed to load charity details: Charity not found',
    );
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Back to Results' }).click();
    await expect(cards(page).count()).resolves.toBe(1);
  });

  it('shows the empty state, and Clear Search empties the box and returns focus to it', async () => {
    const page = await session.newPage();
    await openFinder(page);
    await searchAndWait(page, 'zzqx nothing like this');
    await expect(status(page).textContent()).resolves.toBe('No charities found');
    await expect(
      page.getByRole('heading', { level: 3, name: /No charities found for/ }).count(),
    ).resolves.toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Clear Search' }).click();
    await expect(box(page).inputValue()).resolves.toBe('');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('finder-query');
    await expect(page.getByRole('button', { name: 'Clear Search' }).count()).resolves.toBe(0);
  });

  it('shows the error state with the spec message, clears results, and Retry Search recovers', async () => {
    const page = await session.newPage();
    await openFinder(page);
    await searchAndWait(page, 'hollowmere');
    await expect(cards(page).count()).resolves.toBe(4);
    let failures = 0;
    await page.route('**/api/search-charities', async (route) => {
      if (failures === 0) {
        failures += 1;
        await route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' });
      } else {
        await route.continue();
      }
    });
    await box(page).press('Enter');
    const alert = page.locator('#charity-finder [role="alert"]');
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toContain(SEARCH_ERROR);
    await expect(cards(page).count()).resolves.toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Retry Search' }).click();
    await cards(page).first().waitFor();
    await expect(cards(page).count()).resolves.toBe(4);
    await expect(alert.count()).resolves.toBe(0);
    expect(failures).toBe(1);
  });

  it('shows a calm loading state, and editing the query aborts the search in flight', async () => {
    const page = await session.newPage({ reducedMotion: 'reduce' });
    await openFinder(page);
    await injectAxe(page);
    // The search is held until the query has been edited (10 s at most), however long the checks take.
    let release = () => {};
    const released = new Promise<void>((r) => {
      release = r;
    });
    const seen = new Promise<Request>((resolve) => {
      void page.route('**/api/search-charities', async (route) => {
        resolve(route.request());
        await Promise.race([released, new Promise((r) => setTimeout(r, 10_000))]);
        await route.continue().catch(() => {});
      });
    });
    const aborted = new Promise<string | undefined>((resolve) => {
      page.on('requestfailed', (request) => {
        if (request.url().endsWith('/api/search-charities')) resolve(request.failure()?.errorText);
      });
    });
    await search(page, 'hollowmere');
    await seen;
    await expect(status(page).textContent()).resolves.toBe('Searching…');
    await expect(page.locator('.finder__outcome').getAttribute('aria-busy')).resolves.toBe('true');
    await expect(
      page
        .locator('.finder-spinner')
        .first()
        .evaluate((el) => getComputedStyle(el).animationName),
    ).resolves.toBe('none');
    expect(await axeViolations(page)).toEqual([]);

    await box(page).press('End');
    await box(page).pressSequentially(' park');
    await expect(aborted).resolves.toMatch(/abort/i);
    release();
    // The held answer was aborted: once the network is quiet, nothing of it may have reached the page.
    await page.waitForLoadState('networkidle');
    await expect(cards(page).count()).resolves.toBe(0);
    await expect(status(page).textContent()).resolves.toBe('');
    await expect(page.locator('.finder__outcome').getAttribute('aria-busy')).resolves.toBe('false');
  });

  it('makes no call for an empty or whitespace query, and clears the results shown', async () => {
    const page = await session.newPage();
    const calls = countCalls(page);
    await openFinder(page);
    await searchAndWait(page, 'hollowmere');
    expect(calls.search).toBe(1);
    await search(page, '   ');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await box(page).fill('');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForTimeout(300);
    expect(calls.search).toBe(1);
    await expect(cards(page).count()).resolves.toBe(0);
  });

  it('meets AAA contrast in high-contrast mode', async () => {
    const page = await session.newPage();
    await page.addInitScript(() => localStorage.setItem('highContrastMode', 'true'));
    await openFinder(page);
    await searchAndWait(page, 'hollowmere');
    await injectAxe(page);
    const runAaa = () =>
      page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: object) => Promise<unknown> } })
          .axe;
        const result = (await axe.run(
          { include: [['#charity-finder']] },
          { runOnly: { type: 'rule', values: ['color-contrast-enhanced'] } },
        )) as { violations: { id: string; nodes: { target: unknown }[] }[] };
        return result.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
      });
    await expect(runAaa()).resolves.toEqual([]);
    await cards(page)
      .first()
      .getByRole('button', { name: /View details/ })
      .click();
    await page.locator('.finder-detail__body').waitFor();
    await expect(runAaa()).resolves.toEqual([]);
  });

  it('works at 320 px with no sideways scroll in results, detail and empty states', async () => {
    const page = await session.newPage({ width: 320, height: 640 });
    await openFinder(page);
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
    await searchAndWait(page, ALL_SAMPLE);
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
    await cardNamed(page, 'Ashcombe Riverside Hospice at Home')
      .getByRole('button', { name: /View details/ })
      .click();
    await page.locator('.finder-detail__body').waitFor();
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await searchAndWait(page, 'zzqx');
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
  });
});
