/// <reference lib="dom" />

import { brand } from '@shared/brand';
import type { Page } from 'playwright-core';
import { cloud } from '../support/cloud';
import { axeViolations, browserForFile, journeyTimeout } from './support/browser';

journeyTimeout(120_000);

const { appUrl } = cloud();
const session = browserForFile();

const staticPages = [
  { path: '/privacy-policy', h1: 'Privacy Policy', text: 'UK GDPR' },
  { path: '/terms-of-service', h1: 'Terms of Service', text: 'England and Wales' },
  { path: '/cookie-policy', h1: 'Cookie Policy', text: 'kindred-drafts' },
  { path: '/verification-info', h1: 'How Charity Verification Works', text: '1-2 business days' },
  { path: '/financial-transparency', h1: 'Fees and Financial Transparency', text: '£98.40' },
  { path: '/charity/support', h1: 'Charity Support', text: 'within 24 hours on business days' },
];
const publicPaths = ['/', ...staticPages.map((p) => p.path)];

async function open(page: Page, path: string) {
  await page.goto(`${appUrl}${path}`);
  await page.locator('h1').first().waitFor();
}

/** Records every text the calculator's headline shows from now on; the returned function reads the record. */
async function recordFigures(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const el = document.querySelector('.calculator__figure') as HTMLElement;
    const seen: string[] = [];
    (window as unknown as { __seen: string[] }).__seen = seen;
    new MutationObserver(() => seen.push(el.textContent ?? '')).observe(el, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  return () => page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
}

describe('landing page', () => {
  it('has every section in the spec order with its anchor, and is axe-clean', async () => {
    const page = await session.newPage();
    await open(page, '/');
    const ids = await page.evaluate(() =>
      Array.from(document.querySelectorAll('main section[id]'), (section) => section.id),
    );
    expect(ids).toEqual([
      'funding',
      'mission',
      'journey',
      'values',
      'how-it-works',
      'waitlist',
      'charity-finder',
    ]);
    const headings = await page.locator('main h2').allTextContents();
    const order = [
      'Full Impact Giving',
      'Funded Through Trust, Not Fees',
      'Why small charities matter',
      'Built for charities like yours',
      'Our Story',
      'Our Values',
      'What could we give back?',
      `How ${brand.productName} Works`,
      'Be among the first to give',
    ].map((h) => headings.indexOf(h));
    expect(order.every((index, i) => index >= 0 && (i === 0 || index > (order[i - 1] ?? 0)))).toBe(true);
    await expect(page.locator('#waitlist').textContent()).resolves.toContain('Launching Autumn 2025');
    await expect(page.locator('main').textContent()).resolves.toContain(
      'Free to join • No setup fees • Full support included',
    );
    const years = await page.locator('#journey .timeline__year').allTextContents();
    expect(years).toEqual(['2022', '2023', '2024', '2024']);
    // One origin (issue 29): the lead begins where the 2022 milestone does, and nowhere else.
    const story = page.locator('#journey');
    await expect(story.locator('.section-heading__lead').textContent()).resolves.toContain(
      'south London food bank',
    );
    await expect(story.locator('.timeline__item').first().textContent()).resolves.toContain(
      'south London food bank',
    );
    await expect(story.textContent()).resolves.not.toMatch(/church hall/i);
    const values = await page.locator('#values h3').allTextContents();
    expect(values).toEqual([
      'Transparency',
      'Security',
      'Compassion',
      'Impact',
      'Community',
      'Accessibility',
    ]);
    const steps = await page.locator('#how-it-works h3').allTextContents();
    expect(steps).toEqual(['Discover', 'Find Your Match', 'Connect', 'Track Impact']);
    await page.locator('#charity-finder').scrollIntoViewIfNeeded();
    await page.getByRole('heading', { name: 'UK Charity Finder' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('has the header links of the spec', async () => {
    const page = await session.newPage();
    await open(page, '/');
    const header = page.locator('header.site-header');
    await expect(header.getByRole('link', { name: 'Register Charity' }).getAttribute('href')).resolves.toBe(
      '/charity/register',
    );
    await expect(header.getByRole('link', { name: 'Join Waitlist' }).getAttribute('href')).resolves.toBe(
      '/join-waitlist',
    );
    await expect(header.getByRole('link', { name: 'Charity Sign In' }).getAttribute('href')).resolves.toBe(
      '/charity/signin',
    );
  });

  it('hides the toggle and sign-in on small screens; sign-in is in the menu there', async () => {
    const page = await session.newPage({ width: 375, height: 740 });
    await open(page, '/');
    await expect(page.locator('.site-header__hc').isVisible()).resolves.toBe(false);
    await expect(page.locator('.site-header__signin').isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('link', { name: 'Charity Sign In' }).isVisible()).resolves.toBe(true);
  });

  it('menu opens, scrolls to a section and closes; Escape closes it and returns focus', async () => {
    const page = await session.newPage();
    await open(page, '/');
    const button = page.getByRole('button', { name: 'Menu' });
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
    await button.click();
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Our Values' }).click();
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
    await page.waitForFunction(() => {
      const top = document.getElementById('values')?.getBoundingClientRect().top ?? 9999;
      return top >= 0 && top < 200;
    });
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('values');

    // Keyboard: open with Enter, Tab into the list, Escape closes and focus returns to the button.
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Our Mission');
    await page.keyboard.press('Escape');
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).resolves.toBe(
      'false',
    );

    // Keyboard: choose How It Works with Enter.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('how-it-works');
  });

  it('scrolls instantly under reduced motion', async () => {
    const page = await session.newPage({ reducedMotion: 'reduce' });
    await open(page, '/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'How It Works' }).click();
    // No waiting: the position is final straight away.
    const top = await page.evaluate(
      () => document.getElementById('how-it-works')?.getBoundingClientRect().top,
    );
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(200);
  });
});

describe('reinvestment calculator', () => {
  const expected = [
    ['0.5%', '£3.9M', '£77.0M', 5],
    ['1%', '£7.7M', '£154.0M', 10],
    ['2%', '£15.4M', '£308.0M', 20],
    ['5%', '£38.5M', '£770.0M', 50],
    ['10%', '£77.0M', '£1.5B', 100],
  ] as const;

  it('shows the spec figures for each share and animates the headline up to them', async () => {
    const page = await session.newPage();
    await open(page, '/');
    const figure = page.locator('.calculator__figure');
    await figure.scrollIntoViewIfNeeded();
    for (const [share, reinvestment, contribution, bar] of expected) {
      await page.getByRole('radio', { name: share, exact: true }).check();
      await expect(page.getByTestId('annual-reinvestment').textContent()).resolves.toBe(reinvestment);
      await expect(page.getByTestId('donor-contribution').textContent()).resolves.toBe(contribution);
      await expect(page.getByTestId('calculator-announcement').textContent()).resolves.toContain(
        reinvestment,
      );
      const width = await page.evaluate(() => {
        const fill = document.querySelector<HTMLElement>('.calculator__bar-fill');
        return fill?.style.width;
      });
      expect(width).toBe(`${bar}%`);
      await page.waitForFunction(
        (text) => document.querySelector('.calculator__figure')?.textContent === text,
        reinvestment,
      );
    }
    // The animation starts from 0: just after a change the headline is below its target.
    const figuresShown = await recordFigures(page);
    await page.getByRole('radio', { name: '5%', exact: true }).check();
    await page.waitForFunction(() => document.querySelector('.calculator__figure')?.textContent === '£38.5M');
    const seen = await figuresShown();
    // Many steps on the way up, ending on the target.
    expect(new Set(seen).size).toBeGreaterThan(10);
    expect(seen[seen.length - 1]).toBe('£38.5M');
    // The moving number is hidden from screen readers; the live region has the final text only.
    await expect(figure.getAttribute('aria-hidden')).resolves.toBe('true');
    await expect(page.getByTestId('calculator-announcement').getAttribute('aria-live')).resolves.toBe(
      'polite',
    );
  });

  it('shows the final figure immediately under reduced motion', async () => {
    const page = await session.newPage({ reducedMotion: 'reduce' });
    await open(page, '/');
    await page.locator('.calculator__figure').scrollIntoViewIfNeeded();
    // Record every value the headline shows after the change: with reduced motion, only the final one.
    const figuresShown = await recordFigures(page);
    await page.getByRole('radio', { name: '10%', exact: true }).check();
    await page.waitForFunction(() => document.querySelector('.calculator__figure')?.textContent === '£77.0M');
    // A count-up would have shown its passing values before the final one.
    const seen = await figuresShown();
    expect(new Set(seen)).toEqual(new Set(['£77.0M']));
  });
});

describe('high contrast', () => {
  it('persists, applies before the first paint and is axe-clean on every public page', async () => {
    const page = await session.newPage();
    await open(page, '/');
    await page.getByRole('button', { name: /high contrast/i }).click();
    for (const path of publicPaths) {
      // The class must be on <html> before any script of the app has run: read as soon as the parser has
      // passed the head's inline script (the body exists), not at the commit, when the head may not be in yet.
      await page.goto(`${appUrl}${path}`, { waitUntil: 'commit' });
      await page.waitForSelector('body', { state: 'attached' });
      const early = await page.evaluate(() => ({
        hc: document.documentElement.classList.contains('high-contrast'),
        root: document.getElementById('root')?.childElementCount ?? 0,
      }));
      expect(`${path} ${early.hc}`).toBe(`${path} true`);
      await page.locator('h1').first().waitFor();
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background).toBe('rgb(255, 255, 255)');
      expect(await axeViolations(page)).toEqual([]);
    }
  });
});

describe('static pages', () => {
  it.each(staticPages)(
    '$path has its title, description, h1 and content, axe-clean',
    async ({ path, h1, text }) => {
      const page = await session.newPage();
      await open(page, path);
      await expect(page.locator('h1').textContent()).resolves.toBe(h1);
      await expect(page.title()).resolves.toBe(`${h1} | ${brand.productName}`);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description).not.toContain(
        'helps you discover small, vetted UK charities and give with no platform fee.',
      );
      expect(description?.length).toBeGreaterThan(50);
      await expect(page.locator('main').textContent()).resolves.toContain(text);
      expect(await axeViolations(page)).toEqual([]);
    },
  );

  it('the fees page has the worked examples and the support page the FAQs and contacts', async () => {
    const page = await session.newPage();
    await open(page, '/financial-transparency');
    const fees = await page.locator('main').textContent();
    for (const text of ['0%', '1.4% + 20p', '34p', '£9.66', '£1.60', '£98.40', 'tip', '10% of profits']) {
      expect(fees).toContain(text);
    }
    await open(page, '/charity/support');
    const support = await page.locator('main').textContent();
    for (const text of [brand.supportEmail, brand.supportPhone, brand.securityEmail, 'expire after 7 days']) {
      expect(support).toContain(text);
    }
    await expect(page.locator('main details').count()).resolves.toBe(5);
    await expect(page.locator('main .help-grid li').count()).resolves.toBe(4);
  });
});

describe('every public page', () => {
  it.each(publicPaths)('%s has no sideways scroll at 320 px', async (path) => {
    const page = await session.newPage({ width: 320, height: 640 });
    await open(page, path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('footer links all resolve to real pages or landing sections', async () => {
    const page = await session.newPage();
    await open(page, '/');
    const hrefs = await page
      .locator('footer nav a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    for (const href of [
      '/join-waitlist',
      '/charity/register',
      '/verification-info',
      '/financial-transparency',
      '/charity/support',
      '/privacy-policy',
      '/terms-of-service',
      '/cookie-policy',
      '/#mission',
      '/#journey',
      '/#values',
      '/#how-it-works',
    ]) {
      expect(hrefs).toContain(href);
    }
    // Every footer page resolves (no not-found screen); anchors exist on the landing page.
    for (const href of hrefs) {
      if (href.startsWith('/#')) {
        await expect(page.locator(href.slice(1)).count()).resolves.toBe(1);
        continue;
      }
      await open(page, href);
      await expect(page.locator('h1').textContent()).resolves.not.toMatch(/can't find/i);
      await open(page, '/');
    }
  });

  it('a footer section link from another page opens the landing page at that section', async () => {
    const page = await session.newPage({ reducedMotion: 'reduce' });
    await open(page, '/privacy-policy');
    await page.locator('footer').getByRole('link', { name: 'Our Journey' }).click();
    await page.waitForURL(`${appUrl}/#journey`);
    await page.waitForFunction(() => {
      const top = document.getElementById('journey')?.getBoundingClientRect().top ?? 9999;
      return top >= 0 && top < 200;
    });
  });

  it('a skip link is the first thing to focus and moves to the main content', async () => {
    const page = await session.newPage();
    await open(page, '/cookie-policy');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(
      'Skip to main content',
    );
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('main');
  });
});

describe('error screens', () => {
  it('a failing page shows the generic error screen with the spec texts', async () => {
    const page = await session.newPage();
    // A route module that cannot load is a render error for the router's boundary.
    await page.route('**/assets/cookie-policy-*.js', (route) => route.abort());
    await page.goto(`${appUrl}/cookie-policy`);
    // The prerendered page shows first; the app, hydrating it, fails to load the route and shows the error.
    await page.getByRole('heading', { level: 1, name: 'Oops! Something went wrong' }).waitFor();
    const text = await page.locator('main').textContent();
    expect(text).toContain(
      "We're sorry, but something unexpected happened. Our team has been notified and we're working to fix this issue.",
    );
    expect(text).toContain(
      `If this problem persists, please contact our support team at ${brand.supportEmail}`,
    );
    await expect(page.getByRole('button', { name: 'Try Again' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).resolves.toBe('/');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('an unknown address shows the not-found page with a link home', async () => {
    const page = await session.newPage();
    await open(page, '/no-such-page');
    await expect(page.locator('h1').textContent()).resolves.toBe("We can't find that page");
    await expect(page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).resolves.toBe('/');
  });
});
