import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePortOffset, pointTestKitAt, spawnLocalCloud } from '../support/local-cloud-process';

/**
 * `npm run bench -- updates`: issue 44's "a post to 10,000 followers is fully sent within 10 minutes in the
 * local cloud at the configured SES rate". For each rate (`BENCH_UPDATES_RATES`, default `14,17`: the production
 * default of `updates.mailRatePerSecond` and the rate docs/operating.md says 10,000 in 10 minutes needs), a local cloud
 * of its own with `FOLLOW_MAIL_RATE` at that rate, a live charity with `BENCH_UPDATES_FOLLOWERS` (10,000)
 * confirmed followers (written through the followers module's `importConfirmed`, not 10,000 double opt-ins),
 * one story published through the API, then the local mailbox read until every follower has the post's mail:
 * the time from the publish call, the achieved rate, and any follower mailed twice or not at all.
 */
const TARGET_SECONDS = 600;
const LIMIT_SECONDS = 20 * 60;

interface Row {
  rate: number;
  followers: number;
  seconds: number;
  mailed: number;
  duplicates: number;
}

/** The local mailbox's mails of the post (subject ending in `title`) since `sinceSeconds`, by recipient. */
async function mailsByRecipient(mailboxUrl: string, sinceSeconds: number, title: string) {
  const store = (await (await fetch(`${mailboxUrl}/store?since=${sinceSeconds}`)).json()) as {
    emails: { subject: string; destination: { to: string[] } }[];
  };
  const counts = new Map<string, number>();
  for (const m of store.emails)
    if (m.subject.endsWith(title))
      for (const to of m.destination.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  return counts;
}

async function oneRate(rate: number, followers: number): Promise<Row> {
  const stateDir = mkdtempSync(join(tmpdir(), 'kindred-bench-updates-'));
  process.env.FOLLOW_MAIL_RATE = String(rate);
  const cloud = await spawnLocalCloud({ portOffset: await freePortOffset(560), stateDir });
  try {
    pointTestKitAt(cloud.info);
    const { makeLiveCharity } = await import('../support/public-page');
    const { testTable } = await import('../support/table');
    const { followersData } = await import('../../lambdas/data/followers');
    const { post } = await import('../support/api');
    const charity = await makeLiveCharity({ label: 'bench-updates', charityName: 'Bench Larder' });
    const addresses = Array.from({ length: followers }, (_, i) => `bench-${i}@example.org`);
    const t0 = performance.now();
    const data = followersData(testTable());
    const now = new Date();
    const per = 500;
    const writes: Promise<void>[] = [];
    for (let i = 0; i < addresses.length; i += per)
      writes.push(
        data.importConfirmed(
          addresses.slice(i, i + per).map((email) => ({
            charityId: charity.userId,
            email,
            frequency: 'each' as const,
            charityName: charity.charityName,
            registrationNumber: charity.registrationNumber,
          })),
          now,
        ),
      );
    await Promise.all(writes);
    console.log(
      `  ${rate}/s: seeded ${followers} confirmed followers in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const title = `Bench post ${rate}`;
    const sinceSeconds = Math.floor(Date.now() / 1000) - 1;
    const started = performance.now();
    const created = await post(
      '/api/me/posts',
      { action: 'publish', content: { type: 'story', title, text: 'A post to every follower.' } },
      { token: charity.idToken },
    );
    if (created.status !== 200) throw new Error(`publish answered ${created.status}`);

    const wanted = new Set(addresses);
    const mailedOf = (counts: Map<string, number>) => [...counts.keys()].filter((a) => wanted.has(a)).length;
    let counts = new Map<string, number>();
    let seconds = 0;
    for (let poll = 1; ; poll++) {
      await new Promise((r) => setTimeout(r, 5000));
      counts = await mailsByRecipient(cloud.info.mailboxUrl, sinceSeconds, title);
      seconds = (performance.now() - started) / 1000;
      if (mailedOf(counts) >= followers || seconds > LIMIT_SECONDS) break;
      if (poll % 12 === 0)
        console.log(`  ${rate}/s: ${mailedOf(counts)} mailed after ${seconds.toFixed(0)} s`);
    }
    // Anything still queued would show as a duplicate: a last look after the queue has had time to settle.
    await new Promise((r) => setTimeout(r, 5000));
    counts = await mailsByRecipient(cloud.info.mailboxUrl, sinceSeconds, title);
    return {
      rate,
      followers,
      seconds,
      mailed: mailedOf(counts),
      duplicates: [...counts.values()].filter((n) => n > 1).length,
    };
  } finally {
    await cloud.stop();
    rmSync(stateDir, { recursive: true, force: true });
  }
}

export async function benchUpdates(): Promise<void> {
  const rates = (process.env.BENCH_UPDATES_RATES ?? '14,17').split(',').map(Number);
  const followers = Number(process.env.BENCH_UPDATES_FOLLOWERS ?? 10_000);
  const rows: Row[] = [];
  for (const rate of rates) rows.push(await oneRate(rate, followers));
  console.log(
    '\npost to followers, local cloud   rate/s  followers  mailed   twice  seconds  mails/s  <= 10 min',
  );
  for (const r of rows)
    console.log(
      `  FOLLOW_MAIL_RATE=${String(r.rate).padEnd(16)}${String(r.rate).padEnd(8)}${String(r.followers).padEnd(11)}${String(r.mailed).padEnd(9)}${String(r.duplicates).padEnd(7)}${r.seconds.toFixed(0).padEnd(9)}${(r.mailed / r.seconds).toFixed(1).padEnd(9)}${r.mailed === r.followers && r.seconds <= TARGET_SECONDS ? 'yes' : 'no'}`,
    );
}
