/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';

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

/**
 * The soak's slowed CPU (`npm run test:e2e:soak`): every page runs this many times slower (DevTools'
 * `Emulation.setCPUThrottlingRate`); 1 (the default) leaves it alone. Waits are for what the user sees, so
 * only the bound on each wait grows with it.
 */
export const CPU_THROTTLE = Math.max(1, Number(process.env.E2E_CPU_THROTTLE ?? 1) || 1);

/** The longest a journey's step waits for what it expects, scaled by the soak's slowdown. */
export const STEP_TIMEOUT = 10_000 * CPU_THROTTLE;

/** The longest each journey of the file may take (`jest.setTimeout`), scaled by the soak's slowdown. */
export function journeyTimeout(ms: number): void {
  jest.setTimeout(ms * CPU_THROTTLE);
}

export interface BrowserSession {
  browser: Browser;
  newPage(opts?: {
    width?: number;
    height?: number;
    reducedMotion?: 'reduce' | 'no-preference';
  }): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Content-Security-Policy violations seen in any page of this test file. The local origin sends the
 * production CSP, so a violation is a bug that would ship: the test running when it happened fails.
 */
const cspViolations: string[] = [];
if (typeof afterEach === 'function') {
  afterEach(() => {
    const seen = cspViolations.splice(0);
    if (seen.length) throw new Error(`Content-Security-Policy violations:\n${seen.join('\n')}`);
  });
}

/** Records every CSP violation of the context's pages: the DOM event and Chromium's "Refused to" messages. */
async function watchCsp(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__kindredCspViolation', (_source, report: string) => {
    cspViolations.push(report);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __kindredCspViolation: (r: string) => void }).__kindredCspViolation(
        `${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} on ${e.documentURI}`,
      );
    });
  });
  context.on('console', (message) => {
    if (/Refused to|Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
}

/**
 * A page opened or reloaded with the default wait (`load`, or `networkidle`) is returned once the app owns a
 * prerendered or server-rendered page (`hydrated`), as a visitor finds it ready: the app loads after the first
 * paint, so `load` can come before it, and a click in between is only made once the app owns the button. A
 * journey about the moments before hydration asks for `commit` or `domcontentloaded`. A page whose scripts
 * fail to load (refused by the journey) is returned as it stands.
 */
async function readyWhenLoaded(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.addEventListener(
      'error',
      (event) => {
        if (event.target instanceof HTMLScriptElement)
          (window as unknown as { __kindredScriptFailed: boolean }).__kindredScriptFailed = true;
      },
      true,
    );
  });
  const waitsForLoad = (options?: { waitUntil?: string }) =>
    !options?.waitUntil || options.waitUntil === 'load' || options.waitUntil === 'networkidle';
  const newPage = context.newPage.bind(context);
  context.newPage = async () => {
    const page = await newPage();
    if (CPU_THROTTLE > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    }
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (waitsForLoad(options)) await hydrated(page, 3 * STEP_TIMEOUT);
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (options) => {
      const response = await reload(options);
      if (waitsForLoad(options)) await hydrated(page, 3 * STEP_TIMEOUT);
      return response;
    };
    return page;
  };
}

/**
 * One Chromium for the whole test file: launched before its first test, closed after its last. The session
 * it returns may be used from inside tests (not at module load, before the launch).
 */
export function browserForFile(): BrowserSession {
  let session: BrowserSession | undefined;
  beforeAll(async () => {
    session = await launchBrowser();
  });
  afterAll(async () => {
    await session?.close();
  });
  const current = () => {
    if (!session) throw new Error('browserForFile(): the browser starts in beforeAll');
    return session;
  };
  return {
    get browser() {
      return current().browser;
    },
    newPage: (opts) => current().newPage(opts),
    close: () => current().close(),
  };
}

/**
 * Waits until the app has hydrated a prerendered or server-rendered page (scripts/prerender-web.ts, the
 * charity page): React owns the site frame (its <main>) and the page's own first heading (the route's lazy
 * module), so the header's buttons and the page's controls answer. At once for a page the browser renders
 * itself, and for one whose scripts failed to load (`readyWhenLoaded` records that).
 */
export async function hydrated(page: Page, timeout?: number): Promise<void> {
  await page.waitForFunction(
    () => {
      const root = document.getElementById('root');
      if (root?.dataset.prerendered === undefined) return true;
      if ((window as unknown as { __kindredScriptFailed?: boolean }).__kindredScriptFailed) return true;
      const owned = (element: Element | null) =>
        !!element && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
      const h1 = document.querySelector('main h1');
      return owned(document.querySelector('main')) && (!h1 || owned(h1));
    },
    undefined,
    { timeout },
  );
}

/**
 * Waits until `target` has the keyboard focus (a dialog hands it back one tick after it closes; a form moves
 * it to the first error once the answer arrives). Fails, naming what has focus instead, after 5 seconds.
 */
export async function waitForFocus(target: Locator): Promise<void> {
  const handle = await target.elementHandle();
  try {
    await target.page().waitForFunction((el) => el === document.activeElement, handle, { timeout: 5000 });
  } catch {
    const active = await target.page().evaluate(() => document.activeElement?.outerHTML.slice(0, 120));
    throw new Error(`Focus never reached the element; it is on ${active ?? 'nothing'}`);
  }
}

/** Waits until the page has laid out and painted twice (after a viewport change), instead of a fixed delay. */
export async function settledLayout(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/** Launches a real headless Chromium; every page gets its own context (storage), watched for CSP violations. */
export async function launchBrowser(): Promise<BrowserSession> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    // playwright gives every launch a fresh, throwaway profile of its own.
    args: FLAGS,
  });
  // Contexts a journey makes itself are watched too.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watchCsp(context);
    await readyWhenLoaded(context);
    return context;
  };
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
      page.setDefaultTimeout(STEP_TIMEOUT);
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

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Loads axe-core into the page (once per document). Evaluated through the DevTools protocol, not added as a
 * `<script>`: the production CSP (rightly) refuses inline scripts. It takes a moment: a journey timing
 * something can load it beforehand.
 */
export async function injectAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => 'axe' in window)) return;
  await page.evaluate(`${AXE_SOURCE}\n;undefined`);
}

/**
 * Waits until the page's finite animations and transitions have ended (a button fading from its disabled
 * colours to its enabled ones, a dialog sliding in): the state a visitor looks at, not a frame between two.
 * Endless ones (a spinner) are left running.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().iterations === Infinity,
        ),
    undefined,
    { polling: 'raf' },
  );
}

/**
 * Runs axe-core in the page once its animations have settled and returns its violations in a readable form
 * (empty when clean).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await animationsSettled(page);
  await injectAxe(page);
  const result = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<unknown> } }).axe.run(
      document,
      {
        runOnly: {
          type: 'tag',
          values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
        },
        // Only violations are read: axe then skips gathering every passing and inapplicable node (each of
        // those result types keeps one node), a third or more of its time; violations are reported in full.
        resultTypes: ['violations'],
      },
    ),
  )) as AxeResult;
  return result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
  );
}

/** Screenshots the page at 1280 and 375 px into `dir` (when set) as `<name>-<width>.png`, then back to 1280. */
export async function shootBothWidths(
  page: Page,
  dir: string | null | undefined,
  name: string,
): Promise<void> {
  if (!dir) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await settledLayout(page);
    await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * A real PNG drawn on a canvas in the page (a colour block with the file's name on it, so each file differs):
 * it decodes and re-encodes like a chosen photo. Shaped for playwright's `setInputFiles`.
 */
export async function canvasPng(
  page: Page,
  name: string,
  colour: string,
  size = { width: 360, height: 270 },
) {
  const dataUrl = await page.evaluate(
    ({ colour, name, size }) => {
      const canvas = document.createElement('canvas');
      canvas.width = size.width;
      canvas.height = size.height;
      const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
      ctx.fillStyle = colour;
      ctx.fillRect(0, 0, size.width, size.height);
      ctx.fillStyle = '#ffffff';
      ctx.font = 'bold 28px sans-serif';
      ctx.fillText(name, 24, size.height / 2);
      return canvas.toDataURL('image/png');
    },
    { colour, name, size },
  );
  return { name, mimeType: 'image/png', buffer: Buffer.from(dataUrl.split(',')[1] as string, 'base64') };
}

/**
 * axe's violations once the page's requests have settled, read from the top of the page: scrolled by an
 * earlier `fill()`, a control can sit under the sticky site header, which axe's target-size rule reports as
 * overlapping targets wherever the scroll happened to stop. The jump is instant: the site scrolls smoothly,
 * and axe would otherwise run mid-way.
 */
export async function axeViolationsFromTop(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo({ top: 0, left: 0, behavior: 'instant' }));
  await settledLayout(page);
  return axeViolations(page);
}

/** No axe violations, read from the top of the page once its requests have settled. */
export async function axeClean(page: Page): Promise<void> {
  expect(await axeViolationsFromTop(page)).toEqual([]);
}

/** How far the page scrolls sideways (0 when it fits the viewport's width). */
export const sideways = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
