/// <reference lib="dom" />
import { callApi, post } from './api';
import { createCharity, finishSetup, type TestCharity } from './charity';
import { cloud } from './cloud';
import { fakeJpeg, upload } from './media';
import { madeUpNumber } from './numbers';

export const LIVE_CONTENT = {
  page_description: 'We cook hot meals for families in Brambleford every Friday.',
  about_text: 'Started in a church hall in 2019, we now feed forty families a week with local food.',
};

/** The words of a media item in a save (alt text or decorative, caption). */
export type TestWords = { alt?: string; decorative?: boolean; caption?: string };

/**
 * A charity donors may see: verified, set up, a live main page with `images` photos (each with `words`, by
 * default the alt text "Photo from <charity name>"), an active explore page,
 * and set live through the API (so its LIVE record is written as in production). Its registration number is
 * made up (8 digits from 8..., never one of the sample register's: `madeUpNumber`) with the account's marker,
 * as registration writes it.
 */
export async function makeLiveCharity(
  opts: {
    label?: string;
    charityName?: string;
    images?: Buffer[];
    live?: boolean;
    words?: (index: number) => TestWords;
    /**
     * The number to register under; a made-up one (unknown to the register) by default. Discovery lists only
     * charities the register holds: give a sample charity's (`sampleCharity().number`).
     */
    registrationNumber?: string;
  } = {},
): Promise<TestCharity> {
  const c = await createCharity({
    label: opts.label ?? 'public',
    charityName: opts.charityName,
    registrationNumber: opts.registrationNumber ?? madeUpNumber(),
  });

  const words = opts.words ?? (() => ({ alt: `Photo from ${c.charityName}` }));
  let pageId: string | undefined;
  const keys: string[] = [];
  for (const body of opts.images ?? [fakeJpeg(), fakeJpeg()]) {
    const u = await upload(c.idToken, { purpose: 'page', pageId }, body);
    pageId = u.pageId;
    keys.push(u.key);
  }
  const page = await post(
    '/api/me/pages',
    {
      pageId,
      name: 'Main',
      template_type: 'basic',
      content: LIVE_CONTENT,
      media: keys.map((key, i) => ({ key, ...words(i) })),
    },
    { token: c.idToken },
  );
  if (page.status !== 200) throw new Error(`create page ${page.status}: ${JSON.stringify(page.body)}`);

  const photo = opts.images?.[0] ?? fakeJpeg();
  const grid = await upload(c.idToken, { purpose: 'explore-grid' }, photo);
  const feed = await upload(c.idToken, { purpose: 'explore-feed', position: 1 }, photo);
  const explore = await callApi(
    'PUT',
    '/api/me/explore',
    {
      short_description: 'Hot meals, warm welcome',
      long_description: 'Every Friday we cook for forty families.',
      grid: { key: grid.key, ...words(0) },
      feed: [{ key: feed.key, ...words(0) }],
    },
    { token: c.idToken },
  );
  if (explore.status !== 200) throw new Error(`save explore ${explore.status}`);
  await post('/api/me/explore/active', { active: true }, { token: c.idToken });
  await finishSetup(c.userId);
  if (opts.live !== false) {
    const live = await post('/api/me/live', { live: true }, { token: c.idToken });
    if (live.status !== 200) throw new Error(`set live ${live.status}: ${JSON.stringify(live.body)}`);
  }
  return c;
}

/** A GET through the local origin, as a crawler would: status, content type and text. */
export async function fetchText(path: string): Promise<{ status: number; type: string; text: string }> {
  const res = await fetch(new URL(path, cloud().appUrl));
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

/**
 * Real JPEG photos (`count` of them, `width`x`height`, quality 0.9 as the page editor encodes), painted in a
 * headless Chromium: gradients with a few hundred soft shapes, so they weigh what small photos weigh.
 */
export async function renderPhotos(count: number, width = 1600, height = 1200): Promise<Buffer[]> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    const out: Buffer[] = [];
    for (let i = 0; i < count; i++) {
      // A script string, not a function: the bench runs through tsx, whose helpers do not exist in the page.
      const dataUrl = (await page.evaluate(`(() => {
        const width = ${width}, height = ${height}, hue = ${(i * 47) % 360};
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        const ctx = canvas.getContext('2d');
        const gradient = ctx.createLinearGradient(0, 0, width, height);
        gradient.addColorStop(0, 'hsl(' + hue + ' 55% 45%)');
        gradient.addColorStop(1, 'hsl(' + (hue + 70) + ' 55% 70%)');
        ctx.fillStyle = gradient;
        ctx.fillRect(0, 0, width, height);
        let seed = ${i + 1};
        for (let n = 0; n < 1200; n++) {
          seed = (seed * 16807) % 2147483647;
          const a = seed / 2147483647;
          seed = (seed * 16807) % 2147483647;
          const b = seed / 2147483647;
          seed = (seed * 16807) % 2147483647;
          const c = seed / 2147483647;
          ctx.fillStyle = 'hsl(' + (hue + c * 120) + ' 50% ' + (30 + a * 50) + '% / 0.35)';
          ctx.beginPath();
          ctx.arc(a * width, b * height, 5 + c * 60, 0, Math.PI * 2);
          ctx.fill();
        }
        return canvas.toDataURL('image/jpeg', 0.9);
      })()`)) as string;
      out.push(Buffer.from(dataUrl.split(',')[1] as string, 'base64'));
    }
    return out;
  } finally {
    await browser.close();
  }
}
