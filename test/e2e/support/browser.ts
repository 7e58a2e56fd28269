/// <reference lib="dom" />
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** Debian's Chromium; Playwright's own browser download does not work on these machines. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface BrowserSession {
  browser: Browser;
  newPage(opts?: {
    width?: number;
    height?: number;
    reducedMotion?: 'reduce' | 'no-preference';
  }): Promise<Page>;
  close(): Promise<void>;
}

/** Launches a real headless Chromium; every page gets its own context (storage). */
export async function launchBrowser(): Promise<BrowserSession> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    // playwright gives every launch a fresh, throwaway profile of its own.
    args: FLAGS,
  });
  const contexts: BrowserContext[] = [];
  return {
    browser,
    async newPage(opts = {}) {
      const context = await browser.newContext({
        viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
        reducedMotion: opts.reducedMotion ?? 'no-preference',
        locale: 'en-GB',
      });
      contexts.push(context);
      // The guided tour starts by itself for unfinished charities and locks the page; journeys other than the
      // tour's own (which make their own contexts) start as a returning visitor who has seen it.
      await context.addInitScript(() => {
        if (localStorage.getItem('hasSeenGuidedTour') === null)
          localStorage.setItem('hasSeenGuidedTour', 'true');
      });
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      return page;
    },
    async close() {
      await browser.close();
    },
  };
}

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
}

/** Runs axe-core in the page and returns its violations in a readable form (empty when clean). */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const result = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<unknown> } }).axe.run(
      document,
      {
        runOnly: {
          type: 'tag',
          values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
        },
      },
    ),
  )) as AxeResult;
  return result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
  );
}
