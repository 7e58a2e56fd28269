/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * Walls between features: a feature uses another only through that feature's public index
 * (`features/<name>/index.ts`), never a file inside it. Shared UI lives in `web/src/components`, shared
 * logic in `web/src/lib`.
 */
const src = resolve(__dirname, '..');
const features = __dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every module specifier of a file: static imports, re-exports, side-effect and dynamic imports. */
function specifiers(code: string): string[] {
  const found = code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g);
  return [...found].map((match) => match[1] ?? '');
}

/** The path under `features/` a specifier names, or null when it names something else. */
function featurePath(file: string, specifier: string): string[] | null {
  let target: string;
  if (specifier.startsWith('@/')) target = join(src, specifier.slice(2));
  else if (specifier.startsWith('.')) target = resolve(dirname(file), specifier);
  else return null;
  const path = relative(features, target);
  return path.startsWith('..') ? null : path.split(sep);
}

function featureOf(file: string): string {
  return relative(features, file).split(sep)[0] ?? '';
}

function crossFeatureImports(): string[] {
  const inFeatures = sourceFiles(features).filter((file) => relative(features, file).includes(sep));
  return inFeatures.flatMap((file) =>
    specifiers(readFileSync(file, 'utf8')).flatMap((specifier) => {
      const path = featurePath(file, specifier);
      if (!path || path[0] === featureOf(file)) return [];
      const throughIndex = path.length === 1 || (path.length === 2 && /^index(\.tsx?)?$/.test(path[1] ?? ''));
      return throughIndex ? [] : [`${relative(src, file)} -> ${specifier}`];
    }),
  );
}

describe('feature walls', () => {
  it('finds the imports it checks', () => {
    expect(
      specifiers(`import { a } from '@/features/x/y';\nimport './z.css';\nconst m = import('../w');`),
    ).toEqual(['@/features/x/y', './z.css', '../w']);
    const file = join(features, 'pages', 'components', 'editor.tsx');
    expect(featurePath(file, '@/features/explore')).toEqual(['explore']);
    expect(featurePath(file, '../../explore/utils/form')).toEqual(['explore', 'utils', 'form']);
    expect(featurePath(file, '@/components/ui/button')).toBeNull();
  });

  it('lets a feature reach another only through its index', () => {
    expect(crossFeatureImports()).toEqual([]);
  });
});

/** Files under web/src (relative, with `/`) whose code matches a pattern, outside the allowed places. */
function filesMatching(pattern: RegExp, allowed: (path: string) => boolean): string[] {
  return sourceFiles(src)
    .map((file) => relative(src, file).split(sep).join('/'))
    .filter((path) => !path.endsWith('.test.ts') && !path.endsWith('.test.tsx') && !allowed(path))
    .filter((path) => pattern.test(readFileSync(join(src, path), 'utf8')));
}

/** A feature's calls live in its `api/` folder; the API client and the data layer live in `lib/`. */
const callsAllowed = (path: string) =>
  path.startsWith('lib/') ||
  /^features\/[^/]+\/api\//.test(path) ||
  path === 'features/charity-auth/lib/charity-api.ts';

describe('one data layer', () => {
  it('no component or hook calls the API itself: calls live in a feature’s api/ folder', () => {
    expect(filesMatching(/\bcall(Charity)?Api\(/, callsAllowed)).toEqual([]);
  });

  it('no page hand-rolls a loading state: reads go through the query hook', () => {
    expect(filesMatching(/kind: 'loading'/, (path) => path.startsWith('lib/query/'))).toEqual([]);
  });

  it('only the charity sign-in feature touches the session token', () => {
    expect(
      filesMatching(/\b(getToken|getIdToken|requireToken)\b/, (path) =>
        path.startsWith('features/charity-auth/'),
      ),
    ).toEqual([]);
  });
});
