import { withHeadTags, withLowPriorityScripts } from './head-tags';
import {
  AFTER_FIRST_PAINT_PRELOADS,
  withoutModulePreloads,
  withPreloadsAfterFirstPaint,
} from './preloads-after-paint';

const SHELL = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Kindred</title>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-a.css">
    <link rel="modulepreload" crossorigin href="/assets/boot-b.js">
    <link rel="modulepreload" crossorigin href="/assets/page-c.js" />
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('withHeadTags', () => {
  it('puts the preloads first after the character set, ahead of every stylesheet and script', () => {
    const html = withHeadTags(SHELL, {
      title: 'Owls | Kindred',
      description: 'Owls.',
      preloads: [
        { href: '/media/a/"first".jpg', as: 'image' },
        { href: '/api/charities/1', as: 'fetch' },
      ],
    });
    const image = html.indexOf('<link rel="preload" as="image" href="/media/a/&quot;first&quot;.jpg"');
    expect(image).toBeGreaterThan(html.indexOf('<meta charset="UTF-8" />'));
    expect(image).toBeLessThan(html.indexOf('<meta name="viewport"'));
    expect(html.indexOf('as="fetch" href="/api/charities/1"')).toBeLessThan(html.indexOf('rel="stylesheet"'));
    expect(html.match(/<title>/g)).toEqual(['<title>']);
    expect(html).toContain('<title>Owls | Kindred</title>');
  });

  it("writes text holding replacement patterns ($&, $`, $', $$) as it is, the document intact", () => {
    const html = withHeadTags(SHELL, { title: "A $& B $` C $' D $$ E", description: 'Cost $& more' });
    expect(html).toContain('<title>A $&amp; B $` C $&#39; D $$ E</title>');
    expect(html).toContain('<meta name="description" content="Cost $&amp; more" />');
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<!doctype html>/g)).toHaveLength(1);
    expect(html.endsWith('</html>')).toBe(true);
  });

  it('refuses a shell without a character set when it has preloads to place', () => {
    const shell = SHELL.replace('<meta charset="UTF-8" />', '');
    expect(() =>
      withHeadTags(shell, { title: 't', description: 'd', preloads: [{ href: '/x', as: 'image' }] }),
    ).toThrow(/no <meta charset>/);
    expect(withHeadTags(shell, { title: 't', description: 'd' })).toContain('<title>t</title>');
  });
});

describe('withPreloadsAfterFirstPaint', () => {
  it('moves every modulepreload link into one template in the head and leaves the rest alone', () => {
    const html = withPreloadsAfterFirstPaint(withLowPriorityScripts(SHELL));
    const template = new RegExp(
      `<template id="${AFTER_FIRST_PAINT_PRELOADS}">(.*)</template>\\s*</head>`,
    ).exec(html);
    expect(template?.[1]).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/boot-b.js"><link rel="modulepreload" crossorigin href="/assets/page-c.js" />',
    );
    expect(html.replace(template?.[0] ?? '', '')).not.toContain('modulepreload');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-a.css">');
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-a.js">');
  });

  it('leaves a page without preloads as it was', () => {
    const bare = withoutModulePreloads(SHELL);
    expect(bare).not.toContain('modulepreload');
    expect(bare).toContain('<script type="module" crossorigin src="/assets/index-a.js">');
    expect(withPreloadsAfterFirstPaint(bare)).toBe(bare);
  });
});
