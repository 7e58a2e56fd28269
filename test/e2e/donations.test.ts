/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CreateDonationRequest } from '@shared/api/schemas/giving';
import { DonationsMessage, ukMonth } from '@shared/donations';
import type { Page } from 'playwright-core';
import { cloud } from '../support/cloud';
import {
  CARDS,
  donationInput,
  type GivingCharity,
  makeGivingCharity,
  payOnCheckout,
  startDonation,
  UK_GIFT_AID,
} from '../support/giving';
import { eventsDelivered } from '../support/payments';
import { backdateDonation } from '../support/tampering';
import { nextCode, type TestAuthenticator } from '../support/two-step';
import {
  axeViolationsFromTop,
  browserForFile,
  journeyTimeout,
  shootBothWidths,
  sideways,
  waitForFocus,
} from './support/browser';
import { signInAgainThroughPage } from './support/journeys';

/**
 * Issue 33, the charity's money, end to end: the treasurer finds last month's donations, downloads the
 * donations CSV and Gift Aid schedule, and refunds a mistaken gift; axe is clean at 1280 and 375 px (the page
 * and the refund dialog, which asks for the password and a code: connecting the payment account turned two-step
 * sign-in on), and the page never scrolls sideways on a phone. Screenshots go to `/tmp/shots`
 * (or `DONATIONS_SHOTS`).
 */
journeyTimeout(240_000);

const { appUrl } = cloud();
const SHOTS = process.env.DONATIONS_SHOTS ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

const session = browserForFile();

/** A donation given and paid on the local Checkout, its events delivered: its id. */
async function paid(charity: { registrationNumber: string }, over: Partial<CreateDonationRequest>) {
  const input = donationInput(charity, over);
  const { donation_id, checkout_url } = await startDonation(input);
  const answer = await payOnCheckout(checkout_url, CARDS.paid, input.email);
  if (answer.status !== 303) throw new Error(`checkout answered ${answer.status}`);
  await eventsDelivered();
  return donation_id;
}

/** The 15th of last month, midday UK time (a Gift Aid claim's default period is last month). */
function middleOfLastMonth(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15, 12)).toISOString();
}

const monthName = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'Europe/London' }).format(
    new Date(iso),
  );

/** axe at both widths (from the top), and nothing wider than a phone at 375 px. */
async function cleanAtBothWidths(page: Page) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeViolationsFromTop(page)).toEqual([]);
    if (width === 375) expect(await sideways(page)).toBe(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const total = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Totals' })
    .getByRole('listitem')
    .filter({ hasText: label })
    .locator('.stat-card__value');

describe("the charity's money", () => {
  it("the treasurer finds last month's donations, downloads the schedule and refunds a mistaken gift", async () => {
    // Connecting the payment account turned two-step sign-in on: signing in and refunding need its codes.
    // The treasurer signs in through the page as two-step sign-in goes on (a code spent on a sign-in of the
    // setup's own would make the refund's code wait for the clock).
    const page = await session.newPage({ width: 1280, height: 900 });
    page.setDefaultTimeout(20_000);
    const charity = (await makeGivingCharity({
      charityName: 'Brambleford Owl Rescue',
      signInAgain: signInAgainThroughPage(page, appUrl),
    })) as GivingCharity & { app: TestAuthenticator };
    // Last month: a Gift-Aided £40 and an anonymous £10. This month: a £20 and a mistaken £500.
    const lastMonth = [
      await paid(charity, { amount_pence: 4000, gift_aid: UK_GIFT_AID, message: 'For the owls' }),
      await paid(charity, { amount_pence: 1000, anonymous: true }),
    ];
    await paid(charity, { amount_pence: 2000, gift_aid: UK_GIFT_AID });
    await paid(charity, { amount_pence: 50_000, message: 'Oops, I meant £5' });
    const when = middleOfLastMonth();
    for (const id of lastMonth) await backdateDonation(id, when);

    // From the dashboard the page signed in to.
    await page
      .getByRole('navigation', { name: 'Charity account' })
      .getByRole('link', { name: 'Donations' })
      .click();
    await page.waitForURL(`${appUrl}/charity/donations`);
    await page.getByRole('heading', { level: 1, name: 'Donations' }).waitFor();
    await expect(total(page, 'Raised all time').textContent()).resolves.toBe('£570');
    await expect(total(page, 'Gift Aid to claim').textContent()).resolves.toBe('£15');
    await page.getByRole('table').waitFor();
    await cleanAtBothWidths(page);
    await shootBothWidths(page, SHOTS, 'donations-all');

    // Last month's donations.
    const last = monthName(when);
    await page.getByLabel('Month').selectOption({ label: last });
    await page.getByRole('heading', { name: `Donations in ${last}` }).waitFor();
    await page.getByRole('table').getByText('For the owls').waitFor();
    await page.getByRole('table').getByText('Anonymous').waitFor();
    await expect(page.getByRole('table').getByRole('row').count()).resolves.toBe(3);
    // Older than 30 days: neither can be refunded.
    await expect(
      page
        .getByRole('table')
        .getByRole('button', { name: /^Refund/ })
        .count(),
    ).resolves.toBe(0);
    await cleanAtBothWidths(page);
    await shootBothWidths(page, SHOTS, 'donations-last-month');
    // A phone's view of the rows (cards), for the eye.
    await page.setViewportSize({ width: 375, height: 900 });
    await page.getByRole('table').screenshot({ path: join(SHOTS, 'donations-rows-375.png') });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The month's donations CSV.
    const csv = page.waitForEvent('download');
    await page.getByRole('button', { name: `Donations CSV (${last})` }).click();
    expect((await csv).suggestedFilename()).toMatch(/\.csv$/);
    await page.getByText(`Your download of the donations CSV (${last}) has started (2 rows).`).waitFor();

    // The Gift Aid schedule: the period is last month by default; one Gift-Aided gift in it.
    const claimCard = page.getByRole('region', { name: 'Claim Gift Aid' });
    const from = await claimCard.getByLabel('From').inputValue();
    const to = await claimCard.getByLabel('To').inputValue();
    expect(from.slice(0, 7)).toBe(ukMonth(when));
    expect(from.slice(8)).toBe('01');
    expect(to.slice(0, 7)).toBe(ukMonth(when));
    const schedule = page.waitForEvent('download');
    await claimCard.getByRole('button', { name: 'Claim Gift Aid' }).click();
    const file = await schedule;
    expect(file.suggestedFilename()).toMatch(/\.ods$/);
    await file.saveAs(join(SHOTS, file.suggestedFilename()));
    await claimCard.getByText(/has started \(1 row\)/).waitFor();
    await claimCard.getByRole('button', { name: /^Download again: the schedule for 1 / }).waitFor();
    await expect(total(page, 'Gift Aid to claim').textContent()).resolves.toBe('£5');
    await shootBothWidths(page, SHOTS, 'donations-claimed');

    // The mistaken £500, this month: refunded.
    await page.getByLabel('Month').selectOption({ label: 'All months' });
    await page.getByRole('heading', { name: 'All donations' }).waitFor();
    const refund = page.getByRole('button', { name: /^Refund £500\.00 from / });
    await refund.click();
    const dialog = page.getByRole('dialog', { name: 'Refund £500.00?' });
    await dialog.waitFor();
    await dialog.getByText('They get everything they paid back on their card').waitFor();
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await axeViolationsFromTop(page)).toEqual([]);
      await page.screenshot({ path: join(SHOTS, `donations-refund-dialog-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    // Escape keeps the gift; focus returns to Refund.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await waitForFocus(refund);
    await refund.click();
    await dialog.getByLabel('Password', { exact: true }).fill(charity.password);
    await dialog.getByLabel('Code from your authenticator app').fill(await nextCode(charity.app));
    await dialog.getByRole('button', { name: 'Refund £500.00' }).click();
    await page.getByText(DonationsMessage.RefundStarted).waitFor({ timeout: 30_000 });
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: 'Oops, I meant £5' });
    await row.getByText('Refunded').waitFor();
    await expect(row.getByRole('button', { name: /^Refund/ }).count()).resolves.toBe(0);
    await expect(total(page, 'Raised all time').textContent()).resolves.toBe('£70');
    await cleanAtBothWidths(page);
    await shootBothWidths(page, SHOTS, 'donations-refunded');
    // High contrast: still clean.
    await page.getByRole('button', { name: 'High contrast' }).first().click();
    await page.waitForFunction(() => document.documentElement.classList.contains('high-contrast'));
    await cleanAtBothWidths(page);
    await shootBothWidths(page, SHOTS, 'donations-high-contrast');
    await page.close();
  });
});
