/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { post } from '../support/api';
import type { TestCharity } from '../support/charity';
import { cloud } from '../support/cloud';
import { LIVE_CONTENT, makeLiveCharity } from '../support/public-page';
import {
  axeViolations,
  browserForFile,
  hydrated,
  journeyTimeout,
  settledLayout,
  shootBothWidths,
} from './support/browser';
import { signInThroughPage } from './support/journeys';

journeyTimeout(180_000);

const { appUrl } = cloud();
const SHOTS = process.env.PUBLIC_SHOTS ?? null;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

const session = browserForFile();

/** Real JPEG photos (the page shows them), drawn and encoded by the browser itself. */
async function photos(count: number): Promise<Buffer[]> {
  const page = await session.newPage({ width: 800, height: 600 });
  const out: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const hue = (i * 47) % 360;
    await page.setContent(
      `<body style="margin:0;background:linear-gradient(135deg,hsl(${hue} 60% 45%),hsl(${hue + 60} 60% 70%));height:100vh"></body>`,
    );
    out.push(await page.screenshot({ type: 'jpeg', quality: 80 }));
  }
  await page.close();
  return out;
}

async function signInTo(page: Page, charity: TestCharity) {
  await signInThroughPage(page, appUrl, charity);
}

describe('a charity public page', () => {
  it('shows the live main page with its images, alt text and registered name; offline it is a 404', async () => {
    const charity = await makeLiveCharity({ charityName: 'Brambleford Owl Rescue', images: await photos(5) });
    const page = await session.newPage();
    const response = await page.goto(`${appUrl}/charities/${charity.registrationNumber}`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Brambleford Owl Rescue' }).waitFor();
    await page.getByText(`Registered charity number ${charity.registrationNumber}`).waitFor();
    await page.getByText(LIVE_CONTENT.page_description).waitFor();
    await page.getByText(LIVE_CONTENT.about_text).waitFor();
    const vetted = page.getByRole('link', { name: /Vetted against the Charity Commission register/ });
    expect(await vetted.getAttribute('href')).toContain(charity.registrationNumber);
    const images = page.getByRole('img', { name: 'Photo from Brambleford Owl Rescue' });
    expect(await images.count()).toBeGreaterThanOrEqual(5);
    // The first photo has loaded and is a real picture; every image is sized (no layout shift).
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.carousel__media');
      return img?.complete && img.naturalWidth > 0;
    });
    const unsized = await page.$$eval(
      'main img',
      (all) => all.filter((i) => !i.getAttribute('width')).length,
    );
    expect(unsized).toBe(0);
    expect(await page.getByRole('link', { name: 'Join the Waitlist' }).last().getAttribute('href')).toBe(
      '/join-waitlist',
    );
    // A photo is requested once a neighbouring slide has shown (the last is the first's neighbour).
    const requested = () =>
      page.$$eval('.carousel__media', (all) => all.map((img) => img.hasAttribute('src')));
    expect(await requested()).toEqual([true, true, false, false, true]);
    await page.getByRole('button', { name: /Next/ }).click();
    await page.getByText('2 of 5', { exact: true }).waitFor();
    expect(await requested()).toEqual([true, true, true, false, true]);
    // Two quick Nexts go two slides on (the counter does not fall back while the first is still scrolling);
    // turned from a wide screen to a phone's width, the carousel stays on its slide, not between two.
    await page.getByRole('button', { name: /Next/ }).click();
    await page.getByRole('button', { name: /Next/ }).click();
    await page.getByText('4 of 5', { exact: true }).waitFor();
    // How far slide `index` is from the track's left edge: 0 once a scroll there has ended (read after
    // the step's wait for 0, so a failure says where the carousel rested).
    const measure = (index: number) =>
      page.$eval(
        '.carousel__track',
        (track, i) =>
          Math.round(
            (track.children[i]?.getBoundingClientRect().left ?? -1e6) - track.getBoundingClientRect().left,
          ),
        index,
      );
    const offsetOf = async (index: number) => {
      await page
        .waitForFunction((i) => {
          const track = document.querySelector('.carousel__track');
          const slide = track?.children[i];
          return (
            !!track &&
            !!slide &&
            Math.round(slide.getBoundingClientRect().left - track.getBoundingClientRect().left) === 0
          );
        }, index)
        .catch(() => {});
      return measure(index);
    };
    expect(await offsetOf(3)).toBe(0);
    await page.setViewportSize({ width: 375, height: 812 });
    await settledLayout(page);
    expect(await offsetOf(3)).toBe(0);
    await expect(page.getByText('4 of 5', { exact: true }).count()).resolves.toBe(1);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
      `${appUrl}/charities/${charity.registrationNumber}`,
    );
    expect(await axeViolations(page)).toEqual([]);
    await shootBothWidths(page, SHOTS, 'charity-page');

    const off = await post('/api/me/live', { live: false }, { token: charity.idToken });
    expect(off.status).toBe(200);
    const gone = await page.goto(`${appUrl}/charities/${charity.registrationNumber}`);
    expect(gone?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: "We can't find that page" }).waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await page.close();
  });

  it('arrives rendered by the server, before any script runs, and hydrates in place without fetching again', async () => {
    const charity = await makeLiveCharity({
      charityName: 'Hartwell Hedgehog Haven',
      images: await photos(3),
    });
    const path = `/charities/${charity.registrationNumber}`;
    const response = await fetch(`${appUrl}${path}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const root =
      /<div id="root" data-prerendered="local">([\s\S]*)<\/div>\s*<noscript>/.exec(html)?.[1] ?? '';
    // The first screen is in the document: name, registered number, the vetted note, the first photo sized
    // and fetched first, the page's text; the data the browser hydrates from is inline, with `<` escaped.
    expect(root).toContain('<h1 class="charity-public__name">Hartwell Hedgehog Haven</h1>');
    expect(root).toContain(`Registered charity number <!-- -->${charity.registrationNumber}`);
    expect(root).toContain('Vetted against the Charity Commission register');
    expect(root).toContain(LIVE_CONTENT.page_description);
    const firstImg = /<img class="carousel__media"[^>]*>/.exec(root)?.[0] ?? '';
    expect(firstImg).toMatch(/src="\/media\/[^"]+\.jpg"/);
    expect(firstImg).toContain('alt="Photo from Hartwell Hedgehog Haven"');
    expect(firstImg).toContain('width="1200" height="900"');
    expect(firstImg).toMatch(/fetchPriority="high"/i);
    const data = /<script type="application\/json" id="charity-page-data">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(data ?? 'null')).toMatchObject({
      registration_number: charity.registrationNumber,
      display_name: 'Hartwell Hedgehog Haven',
    });
    // The link-preview head stays; the scripts that hydrate the page load at low priority.
    expect(html).toContain(
      `<meta property="og:title" content="Hartwell Hedgehog Haven (registered charity ${charity.registrationNumber}) | Kindred" />`,
    );
    expect(html).toMatch(/<script type="module" fetchpriority="low"/);

    // Without the app's JavaScript (its bundles refused) the page is all there.
    const still = await session.newPage();
    await still.route('**/assets/*.js', (route) => route.abort());
    await still.goto(`${appUrl}${path}`);
    await still.getByRole('heading', { level: 1, name: 'Hartwell Hedgehog Haven' }).waitFor();
    await still.getByRole('img', { name: 'Photo from Hartwell Hedgehog Haven' }).first().waitFor();
    expect(await still.evaluate(() => Object.keys(document.querySelector('h1') ?? {}).length)).toBe(0);
    await shootBothWidths(still, SHOTS, 'charity-page-no-js');
    await still.close();

    // With JavaScript: React adopts the server's nodes (no error, no mismatch) and asks the API nothing.
    const page = await session.newPage();
    const errors: string[] = [];
    const apiCalls: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || /hydrat/i.test(message.text())) errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('request', (request) => {
      if (request.url().includes('/api/charities/')) apiCalls.push(request.url());
    });
    await page.goto(`${appUrl}${path}`, { waitUntil: 'domcontentloaded' });
    await page.evaluate(() => {
      const h1 = document.querySelector('h1') as (HTMLElement & { fromServer?: boolean }) | null;
      if (h1) h1.fromServer = true;
    });
    await page.waitForFunction(() => {
      const h1 = document.querySelector('h1') as (HTMLElement & { fromServer?: boolean }) | null;
      return !!h1 && Object.keys(h1).some((key) => key.startsWith('__reactFiber'));
    });
    await page.waitForLoadState('networkidle');
    expect(
      await page.evaluate(
        () => (document.querySelector('h1') as HTMLElement & { fromServer?: boolean }).fromServer,
      ),
    ).toBe(true);
    await page.getByRole('button', { name: /Next/ }).click();
    await page.getByText('2 of 3', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    expect(apiCalls).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('opens from a shared link carrying utm_* and fbclid, as from the bare address', async () => {
    const charity = await makeLiveCharity({ charityName: 'Saltmarsh Shared Suppers' });
    const page = await session.newPage();
    const response = await page.goto(
      `${appUrl}/charities/${charity.registrationNumber}?utm_source=x&utm_medium=social&fbclid=y`,
    );
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Saltmarsh Shared Suppers' }).waitFor();
    await page.getByText(`Registered charity number ${charity.registrationNumber}`).waitFor();
    await expect(page.title()).resolves.toBe(
      `Saltmarsh Shared Suppers (registered charity ${charity.registrationNumber}) | Kindred`,
    );
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it("opens from the dashboard's and account setup's View Live Page", async () => {
    const charity = await makeLiveCharity({ charityName: 'Linkwater Food Bank' });
    const page = await session.newPage();
    await signInTo(page, charity);
    await page.getByRole('link', { name: 'View Live Page' }).click();
    await page.waitForURL(`${appUrl}/charities/${charity.registrationNumber}`);
    await page.getByRole('heading', { level: 1, name: 'Linkwater Food Bank' }).waitFor();

    await page.goto(`${appUrl}/charity/dashboard`);
    await page.getByRole('link', { name: 'Setup Your Charity Page' }).click();
    await page.waitForURL(`${appUrl}/charity/account-setup`);
    await page.getByRole('heading', { level: 1, name: 'Setup Your Charity Page' }).waitFor();
    await page.getByRole('heading', { name: 'Requirements to Go Live' }).waitFor();
    await page.getByText('Live', { exact: true }).first().waitFor();
    for (const name of ['Change Password', 'Update Payment Account', 'Delete Account'])
      await page.getByRole('link', { name }).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shootBothWidths(page, SHOTS, 'account-setup');
    await page.getByRole('link', { name: 'View Live Page' }).click();
    await page.waitForURL(`${appUrl}/charities/${charity.registrationNumber}`);
    await page.getByRole('heading', { level: 1, name: 'Linkwater Food Bank' }).waitFor();
    await page.close();
  });
});

describe('the public site for crawlers and phones', () => {
  it('answers an unknown path with HTTP 404, the not-found page and noindex', async () => {
    const page = await session.newPage();
    const response = await page.goto(`${appUrl}/no-such-page`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: "We can't find that page" }).waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(await axeViolations(page)).toEqual([]);
    await shootBothWidths(page, SHOTS, 'not-found');
    await page.close();
  });

  it('offers high contrast in the menu at 375 px', async () => {
    const page = await session.newPage({ width: 375, height: 800 });
    await page.goto(`${appUrl}/privacy-policy`);
    // The prerendered menu button works once the app has hydrated the page.
    await hydrated(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    const toggle = page.locator('.site-menu').getByRole('button', { name: /High contrast/ });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('high-contrast'))).toBe(
      true,
    );
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'menu-hc-375.png') });
    await page.close();
  });
});

describe('the finder keeps its state in the address', () => {
  it('returns to the results on Back, keeps them on reload, and links on-platform charities', async () => {
    const page = await session.newPage();
    await page.goto(`${appUrl}/?q=5100#charity-finder`);
    const cards = page.locator('#charity-finder article.finder-card');
    await cards.first().waitFor({ timeout: 20_000 });
    const firstName = (await cards.first().locator('h3').textContent()) ?? '';
    await cards
      .first()
      .getByRole('button', { name: /View details/ })
      .click();
    await page.waitForURL(/charity=\d+/);
    await page
      .locator('#charity-finder')
      .getByRole('heading', { level: 3, name: firstName })
      .first()
      .waitFor();

    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('q') === '5100' && !url.searchParams.has('charity'));
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThan(1);

    await page.reload();
    await cards.first().waitFor({ timeout: 20_000 });
    expect(
      await page.getByRole('searchbox', { name: 'Charity name or registration number' }).inputValue(),
    ).toBe('5100');
    expect(await cards.count()).toBeGreaterThan(1);
    await page.close();
  });
});
