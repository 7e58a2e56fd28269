/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { createCharity } from '../support/charity';
import { cloud } from '../support/cloud';
import { axeClean, browserForFile, journeyTimeout, shootBothWidths } from './support/browser';
import { openDashboardTab } from './support/journeys';

/**
 * The Setup Explore View explainer's highlight (issue 29, defect 7). The spec: "Changing view mode highlights
 * the matching explainer card for 600 ms", and the explainer is collapsible (collapsed by default). The
 * highlight must be seen either way: the matching view's name in the explainer's summary, shown open or
 * closed, lights up with its card. Set EXPLORE_HIGHLIGHT_SHOTS to a folder to keep screenshots (1280, 375 px).
 */
journeyTimeout(180_000);

const { appUrl } = cloud();
const SHOTS = process.env.EXPLORE_HIGHLIGHT_SHOTS;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
const session = browserForFile();

interface Lit {
  /** 'key' (the view's name in the summary) or 'card' (the card inside the explainer). */
  part: 'key' | 'card';
  view: string | undefined;
  lit: boolean;
  /** Rendered and on the page (not inside the collapsed explainer) when it changed. */
  shown: boolean;
  at: number;
}

/**
 * Every highlight change of the explainer while `action` (a click) runs, recorded in the page with its time and
 * whether the element could be seen then (a busy test runner cannot miss a highlight that lasts about 600 ms),
 * until a highlight came and went again; and when the click reached the page (before the app's handler, which
 * starts the highlight's timer: a slow render between the two does not shorten what is measured from it).
 */
async function highlightsDuring(
  page: Page,
  action: () => Promise<unknown>,
): Promise<{ log: Lit[]; clickAt: number }> {
  await page.evaluate(() => {
    const log: Lit[] = [];
    const w = window as unknown as { __lit: Lit[]; __litClick?: number; __litWatch?: MutationObserver };
    w.__litWatch?.disconnect();
    w.__lit = log;
    w.__litClick = undefined;
    window.addEventListener(
      'click',
      () => {
        w.__litClick = performance.now();
      },
      { capture: true, once: true },
    );
    const lit = (classes: string) => /explore-explainer__(key|card)--highlight/.test(classes);
    w.__litWatch = new MutationObserver((changes) => {
      for (const change of changes) {
        const el = change.target as HTMLElement;
        const part = el.classList.contains('explore-explainer__key')
          ? 'key'
          : el.classList.contains('explore-explainer__card')
            ? 'card'
            : null;
        if (!part || lit(el.className) === lit(change.oldValue ?? '')) continue;
        const box = el.getBoundingClientRect();
        log.push({
          part,
          view: el.dataset.explainerKey ?? el.dataset.explainer,
          lit: lit(el.className),
          shown: el.checkVisibility() && box.width > 0 && box.height > 0,
          at: performance.now(),
        });
      }
    });
    w.__litWatch.observe(document.body, {
      subtree: true,
      attributeFilter: ['class'],
      attributeOldValue: true,
    });
  });
  await action();
  await page.waitForFunction(() => {
    const log = (window as unknown as { __lit: Lit[] }).__lit;
    return (
      log.some((entry) => entry.lit) &&
      document.querySelector('[class*="explore-explainer__key--"], [class*="explore-explainer__card--"]') ===
        null
    );
  });
  return page.evaluate(() => {
    const w = window as unknown as { __lit: Lit[]; __litClick?: number };
    return { log: w.__lit, clickAt: w.__litClick ?? Number.NaN };
  });
}

/** The shown highlight changes of the log, without times. */
const shownChanges = (log: Lit[]) =>
  log.filter((e) => e.shown).map(({ part, view, lit }) => ({ part, view, lit }));

/** How long after the click the shown highlight of `view` went out (ms). */
function litFor({ log, clickAt }: { log: Lit[]; clickAt: number }, view: string): number {
  const off = log.find((entry) => entry.view === view && !entry.lit && entry.shown);
  return (off?.at ?? Number.NaN) - clickAt;
}

describe('the Setup Explore View explainer highlight', () => {
  it('shows the matching view lit for about 600 ms while the explainer is closed, and with its card when open', async () => {
    const charity = await createCharity({ label: 'e2e-explore-highlight' });
    const page = await session.newPage();
    await openDashboardTab(page, appUrl, charity, 'Setup Explore View');
    await page.getByRole('heading', { name: 'Explore Page Status' }).waitFor();
    const explainer = page.locator('details.explore-explainer');
    const preview = page.locator('section[aria-labelledby="explore-preview-title"]');
    await expect(explainer.getAttribute('open')).resolves.toBeNull();

    // Closed: the summary's "Feed View" lights up, seen, for about 600 ms; the explainer stays closed.
    const compact = await highlightsDuring(page, () =>
      preview.getByRole('button', { name: 'Compact feed' }).click(),
    );
    expect(shownChanges(compact.log)).toEqual([
      { part: 'key', view: 'feed', lit: true },
      { part: 'key', view: 'feed', lit: false },
    ]);
    // The timer starts after the click (VIEW_HIGHLIGHT_MS, 600): never sooner; later only as late as a busy
    // machine fires it.
    expect(litFor(compact, 'feed')).toBeGreaterThanOrEqual(590);
    expect(litFor(compact, 'feed')).toBeLessThan(5_000);
    await expect(explainer.getAttribute('open')).resolves.toBeNull();

    const grid = await highlightsDuring(page, () =>
      preview.getByRole('button', { name: 'Grid', exact: true }).click(),
    );
    expect(shownChanges(grid.log)).toEqual([
      { part: 'key', view: 'grid', lit: true },
      { part: 'key', view: 'grid', lit: false },
    ]);

    // Open: the name and its card light up together.
    await explainer.locator('summary').click();
    await page.getByRole('heading', { name: 'Feed View' }).waitFor();
    const large = await highlightsDuring(page, () =>
      preview.getByRole('button', { name: 'Large feed' }).click(),
    );
    expect(
      large.log
        .filter((e) => e.lit && e.shown)
        .map(({ part, view }) => `${part}:${view}`)
        .sort(),
    ).toEqual(['card:feed', 'key:feed']);

    await explainer.locator('summary').click();
    await expect(explainer.getAttribute('open')).resolves.toBeNull();
    await axeClean(page);
    await shootBothWidths(page, SHOTS, 'explore-explainer-closed');
  });
});
