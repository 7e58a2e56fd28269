import type { FileChooser, Locator, Page } from 'playwright-core';
import type { SignInAgain } from '../../support/two-step';

/**
 * Signs a charity in through the sign-in form and waits for the dashboard (functions may start cold). With
 * `code` (two-step sign-in on), enters the authenticator code the form then asks for.
 */
export async function signInThroughPage(
  page: Page,
  appUrl: string,
  charity: { email: string; password: string },
  code?: () => Promise<string>,
): Promise<void> {
  await page.goto(`${appUrl}/charity/signin`);
  // `goto` returns once the app owns the served form (support/browser.ts); typing before that is the
  // prerendered-pages journey's.
  await page.getByLabel('Email', { exact: true }).waitFor({ timeout: 30_000 });
  await page.getByLabel('Email', { exact: true }).fill(charity.email);
  await page.getByLabel('Password', { exact: true }).fill(charity.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  if (code) {
    const field = page.getByLabel('Code from your authenticator app');
    await field.waitFor({ timeout: 20_000 });
    await field.fill(await code());
    await field.press('Enter');
  }
  await page.waitForURL(`${appUrl}/charity/dashboard`, { timeout: 20_000 }).catch(async (error: Error) => {
    // What the page said instead (an error line, a field message), for the report.
    const said = await page
      .locator('[role="alert"], [aria-live]')
      .allInnerTexts()
      .catch(() => []);
    throw new Error(
      `${error.message}\nstill at ${page.url()}; the page said: ${said.filter(Boolean).join(' / ')}`,
    );
  });
}

/**
 * Signs in (the guided tour marked as seen on this device) and opens a dashboard tab. Saves and uploads call
 * functions that may start cold on a busy machine, hence the longer default timeout.
 */
export async function openDashboardTab(
  page: Page,
  appUrl: string,
  charity: { email: string; password: string },
  tab: string,
): Promise<void> {
  page.setDefaultTimeout(20_000);
  await page.addInitScript(() => window.localStorage.setItem('hasSeenGuidedTour', 'true'));
  await signInThroughPage(page, appUrl, charity);
  await page.getByRole('tab', { name: tab, exact: true }).click();
}

/** Chooses files through the file chooser that the button named `button` inside `within` opens. */
export function chooseThrough(page: Page, within: Locator) {
  return async (button: string, files: Parameters<FileChooser['setFiles']>[0]): Promise<void> => {
    const chooser = page.waitForEvent('filechooser');
    await within.getByRole('button', { name: button }).click();
    await (await chooser).setFiles(files);
  };
}

/**
 * The payout guard's step (issue 41) after Connect with Stripe (or Update Details): Send Code, the code from the
 * register's inbox (read as the charity would), Enter. Stripe's onboarding page follows. Each start of Stripe's
 * onboarding needs a fresh code.
 */
export async function enterRegisterCode(
  page: Page,
  charity: { userId: string; registrationNumber: string },
): Promise<void> {
  const { latestPayoutCode } = await import('../../support/payments');
  const { rewindCode } = await import('../../support/tampering');
  // A second code within the resend wait is refused (as it should be): the wait is moved past first.
  await rewindCode(charity.userId, 'last_sent_at', 0, 'payout').catch(() => undefined);
  const field = page.getByLabel("Code from your charity's email");
  await field.waitFor();
  const before = await latestPayoutCode(charity);
  await page.getByRole('button', { name: 'Send Code' }).click();
  let code: string | undefined;
  for (let tries = 0; tries < 100 && (!code || code === before); tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    code = await latestPayoutCode(charity);
  }
  if (!code || code === before) throw new Error('no payout code arrived');
  await field.fill(code);
  await field.press('Enter');
}

/** The id token of the page's own session (Amplify keeps it in local storage once the page has signed in). */
export async function pageIdToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find(
      (k) => k.startsWith('CognitoIdentityServiceProvider.') && k.endsWith('.idToken'),
    );
    return key ? localStorage.getItem(key) : null;
  });
  if (!token) throw new Error('the page holds no id token');
  return token;
}

/**
 * The sign-in once two-step sign-in is on (`withTwoStep`'s `signInAgain`), through the page with the
 * authenticator's next code: the test's API calls then use the page's session, and no code is spent on a
 * sign-in of their own (a step is accepted once: a fourth code in a row waits for the clock).
 */
export function signInAgainThroughPage(page: Page, appUrl: string): SignInAgain {
  return async (charity, app) => {
    const { nextCode } = await import('../../support/two-step');
    await signInThroughPage(page, appUrl, charity, () => nextCode(app));
    return pageIdToken(page);
  };
}
