/// <reference lib="dom" />
import { brand } from '@shared/brand';
import { cloud } from '../support/cloud';
import { axeViolations, browserForFile, journeyTimeout } from './support/browser';

journeyTimeout(60_000);

const { appUrl } = cloud();
const session = browserForFile();

describe('the app served by the local cloud, in Chromium', () => {
  it('renders the home page from the built SPA with its runtime config, with no axe violations', async () => {
    const page = await session.newPage();
    const configLoaded = page.waitForResponse((r) => r.url().endsWith('/config.json') && r.status() === 200);
    await page.goto(appUrl);
    await configLoaded;
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(
      'Small Charities, Big Impact',
    );
    await expect(page.title()).resolves.toContain(brand.productName);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('goes page -> API -> DynamoDB and back: the page calls /api/health, which reads the table', async () => {
    const page = await session.newPage();
    await page.goto(appUrl);
    const answer = await page.evaluate(async () => {
      const res = await fetch('/api/health');
      return { status: res.status, body: await res.json() };
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, checks: { database: 'ok' } });
  });

  it('serves deep links and shows the not-found page for unknown routes', async () => {
    const page = await session.newPage();
    const res = await page.goto(`${appUrl}/no/such/page`);
    // An unknown page is a real HTTP 404 (issue 18) that still shows the SPA's not-found page.
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/find|not found/i);
    await page.getByRole('link', { name: /home/i }).first().click();
    await page.waitForURL(`${appUrl}/`);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('remembers high-contrast mode on the device and restores it on load', async () => {
    const page = await session.newPage();
    await page.goto(appUrl);
    const toggle = page.getByRole('button', { name: /high contrast/i });
    await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('false');
    await toggle.click();
    await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('highContrastMode'))).toBe('true');
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains('high-contrast'))).toBe(
      true,
    );
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: /high contrast/i }).click();
    expect(await page.evaluate(() => localStorage.getItem('highContrastMode'))).toBe('false');
    expect(await page.evaluate(() => document.documentElement.classList.contains('high-contrast'))).toBe(
      false,
    );
  });

  it('is usable at 375 px wide without horizontal scrolling', async () => {
    const page = await session.newPage({ width: 375, height: 740 });
    await page.goto(appUrl);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});
