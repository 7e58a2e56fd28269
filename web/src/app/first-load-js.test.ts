/// <reference types="node" />
import {
  documentScripts,
  FIRST_LOAD_BUDGETS_KB,
  firstLoadChunks,
  kb,
  type Manifest,
  measureFirstLoad,
  publicPageDocuments,
} from '../../../test/support/first-load-js';

/**
 * Issue 45: no public page's first-load JavaScript grows past its budget unseen (the register page once
 * carried zod, 26 KB gzipped, for one error message). Measured on the built site, which `npm test` builds
 * before the unit tests (`npm run build:web`); the budgets are in test/support/first-load-js.ts.
 */
describe('first-load JavaScript of the public pages', () => {
  const pages = measureFirstLoad();

  it('has a budget for every public page, and measures each', () => {
    expect(Object.keys(FIRST_LOAD_BUDGETS_KB).sort()).toEqual(
      publicPageDocuments()
        .map((page) => page.path)
        .sort(),
    );
    // Each page but the landing page (in the app's own chunk) is its lazy route module on top of the app.
    for (const page of pages)
      expect([page.path, page.routes.length]).toEqual([page.path, page.path === '/' ? 0 : 1]);
  });

  it('keeps every public page within its budget', () => {
    const over = pages
      .filter((page) => page.gzip > (FIRST_LOAD_BUDGETS_KB[page.path] ?? 0) * 1024)
      .map(
        (page) =>
          `${page.path}: ${kb(page.gzip)} gzipped, budget ${FIRST_LOAD_BUDGETS_KB[page.path]} KB; largest: ` +
          page.chunks
            .slice(0, 4)
            .map((chunk) => `${chunk.file} ${kb(chunk.gzip)}`)
            .join(', '),
      );
    expect(over).toEqual([]);
  });
});

describe('firstLoadChunks', () => {
  const manifest: Manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true },
    'src/boot.tsx': { file: 'assets/boot.js', imports: ['_react.js'] },
    '_react.js': { file: 'assets/react.js' },
    'src/app/routes/register.tsx': { file: 'assets/register.js', imports: ['_form.js', 'src/boot.tsx'] },
    '_form.js': { file: 'assets/form.js', imports: ['_zod.js'] },
    '_zod.js': { file: 'assets/zod.js' },
    'src/app/routes/fees.tsx': { file: 'assets/fees.js' },
  };

  it('is the entry and the app with their static imports for the landing page', () => {
    expect(firstLoadChunks(manifest)).toEqual(['index.html', 'src/boot.tsx', '_react.js']);
  });

  it("adds the chunks a page's document names, with their static imports, transitively", () => {
    const html =
      '<script type="module" crossorigin src="/assets/index.js"></script>' +
      '<template id="preload-after-first-paint"><link rel="modulepreload" crossorigin href="/assets/register.js" /></template>';
    expect(documentScripts(html)).toEqual(['assets/index.js', 'assets/register.js']);
    expect(firstLoadChunks(manifest, documentScripts(html)).sort()).toEqual(
      [
        'index.html',
        'src/boot.tsx',
        '_react.js',
        'src/app/routes/register.tsx',
        '_form.js',
        '_zod.js',
      ].sort(),
    );
  });

  it('fails on a file the manifest does not know (a stale build)', () => {
    expect(() => firstLoadChunks(manifest, ['assets/gone.js'])).toThrow('assets/gone.js');
  });
});
