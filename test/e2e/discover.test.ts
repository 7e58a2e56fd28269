/// <reference lib="dom" />
import { cloud } from '../support/cloud';
import { makeListedCharity } from '../support/discover';
import { axeClean, browserForFile, hydrated, journeyTimeout, sideways } from './support/browser';

journeyTimeout(120_000);

const { appUrl } = cloud();
const session = browserForFile();

/**
 * Issue 45: a donor finds a charity at `/charities` by a cause and a town, sees its card, opens its page and
 * reaches its Donate box; at a phone's width and a desktop's, axe clean.
 */
describe('finding a charity', () => {
  let listed: Awaited<ReturnType<typeof makeListedCharity>>;

  beforeAll(async () => {
    listed = await makeListedCharity({ displayName: 'Brambleford Owl Rescue', label: 'discover-e2e' });
  });

  for (const width of [375, 1280]) {
    it(`filters by cause and town, opens the charity and reaches its Donate box at ${width} px`, async () => {
      const { charity, card } = listed;
      const page = await session.newPage({ width, height: 900 });
      await page.goto(`${appUrl}/charities`);
      await hydrated(page);
      await page.getByRole('heading', { level: 1, name: 'Find a charity' }).waitFor();
      await axeClean(page);

      const cause = card.causes[0];
      if (!cause) throw new Error('The sample charity has no causes in the register');
      await page.getByLabel('Cause', { exact: true }).selectOption(cause.slug);
      await page.getByLabel('Place', { exact: true }).fill('Leeds');
      await page.getByRole('button', { name: 'Show charities' }).click();
      await page.waitForURL(/\/charities\?.*place=Leeds/);
      const article = page.getByRole('article', { name: 'Brambleford Owl Rescue' });
      await article.waitFor();
      await page.getByRole('heading', { level: 2, name: /near Leeds/ }).waitFor();
      expect(await article.textContent()).toContain(`Registered charity ${charity.registrationNumber}`);
      expect(await sideways(page)).toBe(0);
      await axeClean(page);

      // The Donate link opens the charity's page at its giving box.
      await article.getByRole('link', { name: 'Donate to Brambleford Owl Rescue' }).click();
      await page.waitForURL(`**/charities/${charity.registrationNumber}#give`);
      await page.getByRole('heading', { level: 1, name: 'Brambleford Owl Rescue' }).waitFor();
      const box = page.locator('#give');
      await box.waitFor();
      expect(await box.isVisible()).toBe(true);
      // The page scrolls to the box once it has laid out (pictures above it may still be arriving).
      await page.waitForFunction(() => {
        const top = document.getElementById('give')?.getBoundingClientRect().top;
        return top !== undefined && top >= 0 && top < window.innerHeight;
      });
      await page.close();
    });
  }
});
