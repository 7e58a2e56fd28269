/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { ukDay } from '@shared/donations';
import { callApi } from '../support/api';
import { cloud } from '../support/cloud';
import { paidDonation, refund } from '../support/donations';
import { type GivingCharity, makeGivingCharity, UK_GIFT_AID } from '../support/giving';
import type { TestAuthenticator } from '../support/two-step';
import {
  axeViolationsFromTop,
  browserForFile,
  journeyTimeout,
  shootBothWidths,
  sideways,
} from './support/browser';
import { signInAgainThroughPage } from './support/journeys';

/**
 * Issue 42, the treasurer's view: a Gift-Aided gift claimed, then refunded; the next claim pays its Gift Aid
 * back through Box 2 and the claim says so, with why, at 1280 and 375 px (axe clean, nothing sideways).
 * Screenshots go to `/tmp/shots` (or `DONATIONS_SHOTS`).
 */
journeyTimeout(240_000);

const { appUrl } = cloud();
const SHOTS = process.env.DONATIONS_SHOTS ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

const session = browserForFile();

describe('a claim that pays Gift Aid back', () => {
  it('the treasurer sees what was adjusted and why', async () => {
    // The treasurer signs in through the page as two-step sign-in goes on: the API calls below use that session.
    const page = await session.newPage({ width: 1280, height: 900 });
    page.setDefaultTimeout(20_000);
    const charity = (await makeGivingCharity({
      charityName: 'Brambleford Owl Rescue',
      signInAgain: signInAgainThroughPage(page, appUrl),
    })) as GivingCharity & { app: TestAuthenticator };
    const today = ukDay(new Date().toISOString());
    const claim = () =>
      callApi('POST', '/api/me/gift-aid/claims', { from: today, to: today }, { token: charity.idToken });
    const gift = await paidDonation(charity, { amount_pence: 1050, gift_aid: UK_GIFT_AID });
    expect((await claim()).status).toBe(200);
    expect((await refund(charity, gift.id, charity.app)).status).toBe(200);
    await paidDonation(charity, { amount_pence: 4000, gift_aid: UK_GIFT_AID });
    const next = await claim();
    expect(next.body.claim).toMatchObject({ overclaimed_pence: 262, adjustment_count: 1 });

    await page.goto(`${appUrl}/charity/donations`);
    const card = page.getByRole('region', { name: 'Claim Gift Aid' });
    const adjusted = card.getByText('Adjusted: £2.62 of Gift Aid paid back to HMRC.');
    await adjusted.waitFor();
    await card.getByText('you should receive £7.38 rather than £10.00', { exact: false }).waitFor();
    await card.getByText('Why: the donation adjusted').click();
    await card
      .getByText(
        /£10\.50 given .*, claimed in your claim for .*, refunded .*: £2\.62 of Gift Aid paid back\./,
      )
      .waitFor();
    await card.getByText(`Reference ${gift.id}`).waitFor();
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await axeViolationsFromTop(page)).toEqual([]);
      if (width === 375) expect(await sideways(page)).toBe(0);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await card.scrollIntoViewIfNeeded();
    await shootBothWidths(page, SHOTS, 'gift-aid-adjusted');
    await page.setViewportSize({ width: 375, height: 900 });
    await card.screenshot({ path: `${SHOTS}/gift-aid-adjusted-card-375.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    await card.screenshot({ path: `${SHOTS}/gift-aid-adjusted-card-1280.png` });
    await page.close();
  });
});
