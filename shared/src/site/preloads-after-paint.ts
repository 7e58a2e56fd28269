/**
 * The chunk preloads of a page that paints from its markup: held back until its first paint (a prerendered
 * page) or dropped (the server-rendered charity page). Plain string work for scripts/prerender-web.ts and the
 * share-page function, and the template's id for web/src/main.tsx (this module imports nothing, so the entry
 * chunk carries only the id).
 */

/** A `modulepreload` link and the whitespace after it. */
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>\s*/g;

/** The id of the `<template>` holding a prerendered page's chunk preloads (`withPreloadsAfterFirstPaint`). */
export const AFTER_FIRST_PAINT_PRELOADS = 'preload-after-first-paint';

/**
 * A prerendered page whose `modulepreload` links wait in a `<template>` until main.tsx moves them into the
 * head, after the first paint, as it loads the app. Started with the document, even at low priority, they
 * shared a phone's bandwidth with the page's CSS (Lighthouse mobile: a render delay of 1.4-1.8 s behind 26
 * preloads on /charity/register); started only by the app's own imports, its chunks came one level after
 * another and hydration ran later. The template keeps them parallel but after the paint.
 */
export function withPreloadsAfterFirstPaint(html: string): string {
  const links: string[] = [];
  const rest = html.replace(MODULE_PRELOAD, (link) => {
    links.push(link.trim());
    return '';
  });
  if (!links.length) return html;
  return rest.replace(
    /<\/head>/i,
    () => `  <template id="${AFTER_FIRST_PAINT_PRELOADS}">${links.join('')}</template>\n  </head>`,
  );
}

/**
 * A server-rendered charity page without the app's `modulepreload` links: on a phone's bandwidth, even at low
 * priority, they delayed its first photo (Lighthouse mobile 91-93 with them, 96-99 without). The entry script
 * stays; it loads the app after the first paint, as on every prerendered page.
 */
export function withoutModulePreloads(html: string): string {
  return html.replace(MODULE_PRELOAD, '');
}
