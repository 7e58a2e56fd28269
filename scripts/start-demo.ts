/**
 * `npm run start:demo`: the platform as `npm start` runs it (same ports, a throwaway state directory), with a
 * demo charity that has taken donations through the local Stripe: Gift-Aided ones from UK and overseas donors
 * (one with names longer than HMRC's 35 characters), anonymous ones, one without Gift Aid, one refunded. It
 * then claims the Gift Aid of today's donations and saves HMRC's schedule files in `.local-demo/`, prints how
 * to sign in as the charity, and runs until Ctrl+C.
 */
import '../infra/local/quiet-sdk';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GIFT_AID_WORDING_VERSION } from '@shared/giving';
import { repoRoot } from '../infra/paths';
import { pointTestKitAt, spawnLocalCloud } from '../test/support/local-cloud-process';
import type { TestAuthenticator } from '../test/support/two-step';

const OUT_DIR = join(repoRoot, '.local-demo');

interface Donor {
  name: string;
  amount: number;
  giftAid?: { title?: string; first: string; last: string; house: string; postcode: string | null };
  anonymous?: boolean;
  refund?: boolean;
}

const declaration = (d: NonNullable<Donor['giftAid']>) => ({
  wording_version: GIFT_AID_WORDING_VERSION,
  ...(d.title ? { title: d.title } : {}),
  first_name: d.first,
  last_name: d.last,
  house: d.house,
  postcode: d.postcode,
  outside_uk_address: d.postcode === null ? '14 Rue des Lilas, 75011 Paris, France' : null,
  own_money: true as const,
});

/** The demo's donors: each rule of HMRC's schedule has a row that exercises it. */
const DONORS: Donor[] = [
  {
    name: 'Margaret Okafor',
    amount: 2500,
    giftAid: { title: 'Mrs', first: 'Margaret', last: 'Okafor', house: '12', postcode: 'sw1a 1aa' },
  },
  {
    name: 'Tom Price',
    amount: 1000,
    giftAid: { title: 'Mr', first: 'Tom', last: 'Price', house: 'Rose Cottage', postcode: 'LS6 2AB' },
  },
  {
    name: 'Bartholomew Maximilian Fitzgerald-Worthington',
    amount: 10000,
    giftAid: {
      title: 'Dr',
      first: 'Bartholomew Maximilian Alexander',
      last: 'Fitzgerald-Worthington Smythe-Jones',
      house: 'The Old Rectory at Little Snoring Hall',
      postcode: 'nr21 0aa',
    },
  },
  {
    name: 'Amélie Laurent',
    amount: 5000,
    giftAid: { first: 'Amélie', last: 'Laurent', house: '14', postcode: null },
  },
  {
    name: 'Priya Shah',
    amount: 2000,
    anonymous: true,
    giftAid: { title: 'Ms', first: 'Priya', last: 'Shah', house: '7A', postcode: 'M1 1AE' },
  },
  { name: 'Sam Jones', amount: 1500 },
  {
    name: 'Ellen Hughes',
    amount: 3000,
    giftAid: { first: 'Ellen', last: 'Hughes', house: '3', postcode: 'CF10 1EP' },
    refund: true,
  },
  {
    name: 'Owen Davies',
    amount: 20000,
    giftAid: { title: 'Mx', first: 'Owen', last: 'Davies', house: 'Flat 2, 41', postcode: 'EH1 1YZ' },
  },
];

async function main() {
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  const cloud = await spawnLocalCloud({ portOffset: 0 });
  const stop = async () => {
    await cloud.stop();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stop);
  try {
    pointTestKitAt(cloud.info);
    const { makeGivingCharity, donationInput, startDonation, payOnCheckout, CARDS } = await import(
      '../test/support/giving'
    );
    const { eventsDelivered } = await import('../test/support/payments');
    const { callApi } = await import('../test/support/api');
    const { refund } = await import('../test/support/donations');
    // Connecting the payment account turns two-step sign-in on: the charity's authenticator is printed below.
    const charity = (await makeGivingCharity({ label: 'demo' })) as Awaited<
      ReturnType<typeof makeGivingCharity>
    > & { app: TestAuthenticator };
    const auth = { token: charity.idToken };

    const ids: Record<string, string> = {};
    for (const [i, donor] of DONORS.entries()) {
      const email = `donor${i + 1}@example.org`;
      const started = await startDonation(
        donationInput(charity, {
          amount_pence: donor.amount,
          email,
          anonymous: donor.anonymous ?? false,
          may_email: i % 2 === 0,
          message: i === 0 ? 'For the winter appeal. Keep up the good work!' : undefined,
          gift_aid: donor.giftAid ? declaration(donor.giftAid) : null,
        }),
      );
      const paid = await payOnCheckout(started.checkout_url, CARDS.paid, email, donor.name);
      if (paid.status !== 303) throw new Error(`payment ${paid.status}`);
      ids[donor.name] = started.donation_id;
    }
    await eventsDelivered();

    for (const donor of DONORS.filter((d) => d.refund)) {
      const res = await refund(charity, ids[donor.name] ?? '', charity.app);
      if (res.status !== 200) throw new Error(`refund ${res.status}: ${JSON.stringify(res.body)}`);
    }
    await eventsDelivered();

    const today = new Date().toISOString().slice(0, 10);
    const claim = await callApi('POST', '/api/me/gift-aid/claims', { from: today, to: today }, auth);
    if (claim.status !== 200) throw new Error(`claim ${claim.status}: ${JSON.stringify(claim.body)}`);
    const files = (claim.body as { files: { name: string; url: string }[] }).files;
    for (const file of files) {
      const bytes = Buffer.from(await (await fetch(file.url)).arrayBuffer());
      writeFileSync(join(OUT_DIR, file.name), bytes);
    }

    console.log(
      [
        '',
        `  Kindred is running locally with a demo charity (${DONORS.length} donations, one refunded).`,
        '',
        `  App        ${cloud.info.appUrl}/charity/donations`,
        `  Sign in    ${charity.email}  /  ${charity.password}`,
        `  Two-step   add this key to an authenticator app: ${charity.app.secret}`,
        `  Charity    ${charity.charityName} (${charity.registrationNumber}): ${cloud.info.appUrl}/charities/${charity.registrationNumber}`,
        `  Mailbox    ${cloud.info.mailboxUrl}`,
        `  Schedule   ${files.map((f) => join(OUT_DIR, f.name)).join(', ')}`,
        '',
        '  Stop with Ctrl+C.',
        '',
      ].join('\n'),
    );
  } catch (error) {
    console.error(error);
    await cloud.stop();
    process.exit(1);
  }
}

void main();
