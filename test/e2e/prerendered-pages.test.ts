/// <reference lib="dom" />

import { AFTER_FIRST_PAINT_PRELOADS } from '@shared/site/preloads-after-paint';
import { prerenderedPaths } from '@shared/site/site-routes';
import type { Page } from 'playwright-core';
import { cloud } from '../support/cloud';
import { axeViolations, browserForFile, hydrated, journeyTimeout } from './support/browser';

journeyTimeout(180_000);

const { appUrl } = cloud();
const session = browserForFile();

/** The markup of #root in a served document (the prerendered page, or nothing for the bare shell). */
const rootOf = (html: string) => /<div id="root"[^>]*>([\s\S]*)<\/div>\s*<noscript>/.exec(html)?.[1] ?? '';

/** Holds `/config.json` (the app hydrates once it is in) until the returned function is called. */
async function holdConfig(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/config.json', async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

describe('prerendered public pages (issue 17: first paint without JavaScript)', () => {
  it('serves each public page as HTML with its content, title and route chunks before any script runs', async () => {
    for (const path of prerenderedPaths) {
      const response = await fetch(`${appUrl}${path}`);
      expect(`${path} ${response.status}`).toBe(`${path} 200`);
      const html = await response.text();
      expect(html).toMatch(/<div id="root" data-prerendered="local">/);
      // The page itself, not its loading state: a level-one heading and the site frame around it.
      expect(rootOf(html)).toMatch(/<h1[\s>]/);
      expect(rootOf(html)).not.toContain('page-loading');
      expect(html).toMatch(/<title>[^<]+\| Kindred<\/title>|<title>Kindred<\/title>/);
      // The page's chunks wait in a template until its first paint; none is preloaded with the document.
      const template = new RegExp(`<template id="${AFTER_FIRST_PAINT_PRELOADS}">([\\s\\S]*?)</template>`);
      expect(template.exec(html)?.[1]).toMatch(
        /^(<link rel="modulepreload" crossorigin href="\/assets\/[^"]+\.js" ?\/?>)+$/,
      );
      expect(html.replace(template, '')).not.toContain('rel="modulepreload"');
    }
    // A trailing slash is the same page; a signed-in page and an unknown page still get the bare shell.
    expect(rootOf(await (await fetch(`${appUrl}/charity/register/`)).text())).toContain('<h1');
    const dashboard = await fetch(`${appUrl}/charity/dashboard`);
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain('<div id="root"></div>');
    const unknown = await fetch(`${appUrl}/no-such-page`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('<div id="root"></div>');
  });

  it('hydrates the served markup in place (no error, same nodes) and then works as the app', async () => {
    for (const path of ['/charity/signin', '/charity/register', '/join-waitlist', '/privacy-policy', '/']) {
      const page = await session.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || /hydrat/i.test(message.text())) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      // Hold the configuration (the app hydrates once it is here) until the server's heading is marked.
      const release = await holdConfig(page);
      await page.goto(`${appUrl}${path}`, { waitUntil: 'domcontentloaded' });
      const heading = await page.evaluate(() => {
        const h1 = document.querySelector('h1') as (HTMLElement & { fromServer?: boolean }) | null;
        if (h1) h1.fromServer = true;
        return h1?.textContent ?? null;
      });
      expect(heading).toBeTruthy();
      release();
      await page.waitForLoadState('networkidle');
      // Hydrated: React owns the server's heading node (a failed hydration would have replaced it).
      await page.waitForFunction(() => {
        const h1 = document.querySelector('h1') as (HTMLElement & { fromServer?: boolean }) | null;
        return !!h1 && Object.keys(h1).some((key) => key.startsWith('__reactFiber'));
      });
      expect(
        await page.evaluate(
          () => (document.querySelector('h1') as HTMLElement & { fromServer?: boolean }).fromServer,
        ),
      ).toBe(true);
      expect(`${path}: ${errors.join('\n')}`).toBe(`${path}: `);
      if (path !== '/') await page.close();
    }
  });

  it("requests no script but the entry before its first paint, then the page's chunks all at once", async () => {
    const page = await session.newPage();
    await page.goto(`${appUrl}/charity/register`);
    await page.waitForLoadState('networkidle');
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name))
        .map((entry) => ({ file: new URL(entry.name).pathname, start: entry.startTime })),
      preloaded: Array.from(document.head.querySelectorAll('link[rel="modulepreload"]')).map(
        (link) => new URL((link as HTMLLinkElement).href).pathname,
      ),
    }));
    expect(timing.paint).not.toBeNull();
    const entry = timing.scripts.filter((s) => /\/assets\/index-[^/]+\.js$/.test(s.file));
    expect(entry).toHaveLength(1);
    expect(entry[0]?.start).toBeLessThan(timing.paint ?? 0);
    // Everything else (the app and the register page's own chunks) after that paint.
    const after = timing.scripts.filter((s) => !entry.includes(s));
    expect(after.map((s) => s.file)).toEqual(
      expect.arrayContaining([expect.stringMatching(/charity-register-/)]),
    );
    for (const script of after)
      expect(`${script.file} ${script.start >= (timing.paint ?? 0)}`).toBe(`${script.file} true`);
    // The template's links moved into the head, so the route's chunks came in parallel with the app's.
    expect(timing.preloaded).toEqual(expect.arrayContaining([expect.stringMatching(/charity-register-/)]));
    await expect(page.locator(`template#${AFTER_FIRST_PAINT_PRELOADS}`).count()).resolves.toBe(0);
  });

  it('still hydrates in a tab opened in the background and in a browser without paint timing', async () => {
    const background = await session.newPage();
    await background.addInitScript(() =>
      Object.defineProperty(Document.prototype, 'visibilityState', { get: () => 'hidden' }),
    );
    const noPaintTiming = await session.newPage();
    await noPaintTiming.addInitScript(() =>
      Object.defineProperty(PerformanceObserver, 'supportedEntryTypes', { get: () => [] }),
    );
    for (const page of [background, noPaintTiming]) {
      await page.goto(`${appUrl}/charity/signin`, { waitUntil: 'domcontentloaded' });
      await hydrated(page);
      await page.close();
    }
  });

  it('after hydrating, links navigate inside the app (no reload) and the page is axe clean', async () => {
    const page = await session.newPage();
    await page.goto(`${appUrl}/charity/signin`);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await page
      .getByRole('link', { name: /register/i })
      .first()
      .click();
    await page.waitForURL(`${appUrl}/charity/register`);
    await page.getByRole('heading', { level: 1, name: 'Register Your Charity' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    expect(await axeViolations(page)).toEqual([]);
  });

  it('makes a button press from before hydration once the app owns the button (the Menu opens)', async () => {
    const page = await session.newPage({ width: 375, height: 812 });
    const release = await holdConfig(page);
    await page.goto(`${appUrl}/join-waitlist`, { waitUntil: 'domcontentloaded' });
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    release();
    await page.waitForFunction(
      () => document.querySelector('button[aria-expanded]')?.getAttribute('aria-expanded') === 'true',
    );
    await page.locator(`#${await menu.getAttribute('aria-controls')}`).waitFor({ state: 'visible' });
    await page.close();
  });

  it('keeps what is typed and submitted before hydration, and never sends the form itself', async () => {
    const page = await session.newPage();
    const release = await holdConfig(page);
    await page.goto(`${appUrl}/charity/signin`, { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Email', { exact: true }).fill('nobody-before-hydration@example.org');
    await page.getByLabel('Password', { exact: true }).fill('Not-the-password-1');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    release();
    // Submitted by the app once hydrated: the server's answer for an unknown account, with the typed email.
    await page.getByText('Invalid email or password. Please check your details and try again.').waitFor();
    expect(page.url()).toBe(`${appUrl}/charity/signin`);
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(
      'nobody-before-hydration@example.org',
    );
  });
});
