/** Development only: a route that fails while rendering, to preview the error screen. */
export function Component(): never {
  throw new Error('Deliberate error: previewing the error screen.');
}
