/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { post } from '../support/api';
import type { TestCharity } from '../support/charity';
import { cloud } from '../support/cloud';
import { LIVE_CONTENT, makeLiveCharity } from '../support/public-page';
import { axeViolations, browserForFile, hydrated, shootBothWidths } from './support/browser';
import { signInThroughPage } from './support/journeys';

jest.setTimeout(180_000);

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
    const charity = await makeLiveCharity({ charityName: 'Brambleford Owl Rescue', images: await photos(3) });
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
    expect(await images.count()).toBeGreaterThanOrEqual(3);
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
    await page.getByRole('button', { name: /Next/ }).click();
    await page.getByText('2 of 3', { exact: true }).waitFor();
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
