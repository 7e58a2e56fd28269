/// <reference lib="dom" />

import { post } from '../support/api';
import { cloud } from '../support/cloud';
import { makeListedCharity } from '../support/discover';
import { axeClean, browserForFile, hydrated, journeyTimeout, sideways } from './support/browser';

journeyTimeout(120_000);

const { appUrl } = cloud();
const session = browserForFile();

/**
 * Issue 45: a donor finds a charity at `/charities` by a cause and a postcode, sees its card, opens its page and
 * reaches its Donate box; at a phone's width and a desktop's, axe clean.
 */
describe('finding a charity', () => {
  let listed: Awaited<ReturnType<typeof makeListedCharity>>;

  beforeAll(async () => {
    listed = await makeListedCharity({ displayName: 'Brambleford Owl Rescue', label: 'discover-e2e' });
  });

  for (const width of [375, 1280]) {
    it(`filters by cause and postcode, opens the charity and reaches its Donate box at ${width} px`, async () => {
      const { charity, card } = listed;
      const page = await session.newPage({ width, height: 900 });
      await page.goto(`${appUrl}/charities`);
      await hydrated(page);
      await page.getByRole('heading', { level: 1, name: 'Find a charity' }).waitFor();
      await axeClean(page);

      const cause = card.causes[0];
      if (!cause) throw new Error('The sample charity has no causes in the register');
      await page.getByLabel('Cause', { exact: true }).selectOption(cause.slug);
      // A full postcode in central Leeds (its district's centre is inside the charity's service area).
      await page.getByLabel('Place', { exact: true }).fill('ls1 4ap');
      await page.getByRole('button', { name: 'Show charities' }).click();
      await page.waitForURL(/\/charities\?.*place=ls1(\+|%20)4ap/i);
      const article = page.getByRole('article', { name: 'Brambleford Owl Rescue' });
      await article.waitFor();
      await page.getByRole('heading', { level: 2, name: /near LS1 4AP/ }).waitFor();
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

  for (const width of [375, 1280]) {
    it(`opens the map, takes a recommendation and reaches its Donate box at ${width} px`, async () => {
      const { charity, card } = listed;
      const page = await session.newPage({ width, height: 900 });
      await page.goto(`${appUrl}/charities?place=Leeds&view=map`);
      await hydrated(page);
      // The map: a labelled region, each charity a named focus stop whose popup links to its page.
      const map = page.getByRole('region', { name: 'Map of the charities on this page' });
      const marker = map.getByRole('button', { name: 'Brambleford Owl Rescue' });
      await marker.focus();
      await page.keyboard.press('Enter');
      const popupLink = map.getByRole('link', { name: 'Brambleford Owl Rescue', exact: true });
      await popupLink.waitFor();
      expect(await popupLink.getAttribute('href')).toBe(`/charities/${charity.registrationNumber}`);
      await page.waitForFunction(() => document.activeElement?.closest('.leaflet-popup') !== null);
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'button');
      expect(
        await page.getByRole('link', { name: 'Skip the map: the same charities as a list' }).count(),
      ).toBe(1);
      expect(await sideways(page)).toBe(0);
      await axeClean(page);

      // Three questions, then the shortlist.
      await page.getByRole('link', { name: 'Not sure? Get a recommendation' }).click();
      // The listing stays on screen while the recommendation's page loads: wait for the page itself.
      await page.waitForURL(/\/charities\/recommend/);
      await page.getByRole('heading', { level: 1, name: 'Get a recommendation' }).waitFor();
      const cause = card.causes[0];
      if (!cause) throw new Error('The sample charity has no causes in the register');
      await page.getByLabel('Cause', { exact: true }).selectOption(cause.slug);
      await axeClean(page);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel('Town or postcode').fill('Leeds');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('radio', { name: /A one-off gift/ }).check();
      await page.getByRole('button', { name: 'Show my shortlist' }).click();
      await page.waitForURL(/\/charities\/recommend\?.*way=once/);
      const chosen = page.getByRole('article', { name: 'Brambleford Owl Rescue' });
      await chosen.waitFor();
      expect(await chosen.textContent()).toContain('Serves Central Leeds');
      expect(await sideways(page)).toBe(0);
      await axeClean(page);

      await chosen.getByRole('link', { name: 'Donate to Brambleford Owl Rescue' }).click();
      await page.waitForURL(`**/charities/${charity.registrationNumber}#give`);
      await page.locator('#give').waitFor();
      await page.waitForFunction(() => {
        const top = document.getElementById('give')?.getBoundingClientRect().top;
        return top !== undefined && top >= 0 && top < window.innerHeight;
      });
      await page.close();
    });
  }

  it('drops a charity taken offline from the list, the map and the recommendation at once', async () => {
    const gone = await makeListedCharity({ displayName: 'Wrenfield Larder', label: 'discover-e2e-offline' });
    const page = await session.newPage({ width: 1280, height: 900 });
    const seen = async () => {
      await page.goto(`${appUrl}/charities?place=Leeds&view=map`);
      await hydrated(page);
      await page
        .getByRole('region', { name: 'Map of the charities on this page' })
        .getByRole('button')
        .first()
        .waitFor();
      const inList = await page.getByRole('article', { name: 'Wrenfield Larder' }).count();
      const onMap = await page.getByRole('button', { name: 'Wrenfield Larder' }).count();
      await page.goto(`${appUrl}/charities/recommend?place=Leeds&way=once`);
      await page.getByRole('heading', { level: 1, name: 'Your shortlist' }).waitFor();
      await page.getByRole('article').first().waitFor();
      const recommended = await page.getByRole('article', { name: 'Wrenfield Larder' }).count();
      return { inList, onMap, recommended };
    };
    expect(await seen()).toEqual({ inList: 1, onMap: 1, recommended: 1 });
    const off = await post('/api/me/live', { live: false }, { token: gone.charity.idToken });
    expect(off.status).toBe(200);
    expect(await seen()).toEqual({ inList: 0, onMap: 0, recommended: 0 });
    await page.close();
  });
});
