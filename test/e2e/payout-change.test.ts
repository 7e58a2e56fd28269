/// <reference lib="dom" />
import { mailTo } from '../support/api';
import { createCharity } from '../support/charity';
import { cloud } from '../support/cloud';
import {
  completeOnboarding,
  connectPaymentAccount,
  payoutCode,
  registerEmailOf,
  secondAccountFor,
} from '../support/payments';
import { plantOnboardingAccount } from '../support/tampering';
import { axeClean, browserForFile, journeyTimeout, shootBothWidths, sideways } from './support/browser';
import { signInAgainThroughPage } from './support/journeys';

journeyTimeout(150_000);

const { appUrl } = cloud();
const session = browserForFile();
/** Set PAYOUT_SCREENSHOTS=<folder> to keep screenshots of the pages this journey visits. */
const SHOTS = process.env.PAYOUT_SCREENSHOTS;

describe('a change of payout account on hold (issue 41)', () => {
  it('shows the pending change and when it takes effect, and the mailed link cancels it', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    await page.addInitScript(() => window.localStorage.setItem('hasSeenGuidedTour', 'true'));
    page.setDefaultTimeout(20_000);
    // The page signs in as two-step goes on: its session is the one the API calls below use too.
    const charity = await connectPaymentAccount(
      await createCharity({ label: 'e2e-payout-change', charityName: 'Ashgrove Tool Library' }),
      signInAgainThroughPage(page, appUrl),
    );
    // Another account of the charity's at Stripe, being linked, completed with the register's code: held.
    await plantOnboardingAccount(charity.userId, await secondAccountFor(charity));
    const held = await completeOnboarding(charity.idToken, await payoutCode(charity));
    expect(held.body.pending_change).toBeTruthy();

    await page.goto(`${appUrl}/charity/preferences/payments`);
    const notice = page.locator('#payout-change');
    await notice.getByText('Payout account change on hold.').waitFor();
    expect(await notice.innerText()).toContain(`donations keep going to ${charity.accountId}`);
    await axeClean(page);
    await shootBothWidths(page, SHOTS, 'payout-change-pending');
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await axeClean(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The register's holder follows the mailed link: the page says what it undoes, then cancels and locks.
    const mail = (await mailTo(registerEmailOf(charity))).find((m) => m.subject.includes('is changing'));
    const link = /(https?:\/\/\S+\/charity\/not-me#token=[A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    expect(link).toBeTruthy();
    const other = await session.newPage({ width: 1280, height: 900 });
    await other.goto(new URL(new URL(link as string).pathname + new URL(link as string).hash, appUrl).href);
    await other.getByRole('heading', { name: 'Did someone change where your donations are paid?' }).waitFor();
    await axeClean(other);
    await shootBothWidths(other, SHOTS, 'payout-change-not-me');
    await other.getByRole('button', { name: 'Cancel the Change and Lock the Account' }).focus();
    await other.keyboard.press('Enter');
    await other.getByRole('heading', { name: 'Change cancelled' }).waitFor();
    await axeClean(other);
  });
});
