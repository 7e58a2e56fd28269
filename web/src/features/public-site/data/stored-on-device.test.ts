/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { DEVICE_STORAGE, isItemKey, type StoredItemId } from '@/lib/device-storage';
import { STORED_ON_DEVICE } from './stored-on-device';

/**
 * Issue 29, item 4: the cookie policy names everything the site stores on the device. The names come from one
 * list (`lib/device-storage.ts`); the policy's table is built from it, and the source is searched so that no
 * module stores anything under a name of its own.
 */
const web = resolve(__dirname, '../../../..');
const src = join(web, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Calls that name what is stored: a key of local or session storage, an IndexedDB database, a cookie. */
const NAMING_CALL =
  /\.(?:getItem|setItem|removeItem)\(|indexedDB\s*\.\s*(?:open|deleteDatabase)\(|document\s*\.\s*cookie|cookieStore|caches\s*\.\s*open\(/;
/**
 * The same calls given a name written in place (a quoted string, or a template that does not start with a
 * name from the list) rather than from the list.
 */
const LITERAL_NAME =
  /(?:\.(?:getItem|setItem|removeItem)|indexedDB\s*\.\s*(?:open|deleteDatabase)|caches\s*\.\s*open)\(\s*(?:['"]|`(?!\$\{))/;
/** Storage used as an object (`localStorage.x = …`, `sessionStorage['x']`), which bypasses the calls above. */
const PROPERTY_ACCESS =
  /\b(?:localStorage|sessionStorage)\s*(?:\[|\.(?!getItem\b|setItem\b|removeItem\b|key\b|length\b|clear\b)\w)/;
const IMPORTS_LIST = /from\s+['"](?:@\/lib\/|(?:\.\.?\/)+(?:lib\/)?)device-storage['"]/;

const files = sourceFiles(src).filter((file) => !file.endsWith(join('lib', 'device-storage.ts')));
const codeOf = (file: string) => readFileSync(file, 'utf8');

describe('what the site stores on the device', () => {
  it('finds the storage calls it checks', () => {
    expect(NAMING_CALL.test('window.localStorage.getItem(KEY)')).toBe(true);
    expect(NAMING_CALL.test('window.indexedDB.open(DB_NAME, 1)')).toBe(true);
    expect(LITERAL_NAME.test("storage?.setItem('kindred:new', '1')")).toBe(true);
    expect(LITERAL_NAME.test(`localStorage.getItem(\`x.\${id}\`)`)).toBe(true);
    expect(LITERAL_NAME.test(`localStorage.getItem(\`\${DEVICE_STORAGE.signIn.name}\${id}\`)`)).toBe(false);
    expect(LITERAL_NAME.test('storage?.setItem(KEY, value)')).toBe(false);
    expect(PROPERTY_ACCESS.test("localStorage['flag'] = 'true'")).toBe(true);
    expect(PROPERTY_ACCESS.test('return window.localStorage;')).toBe(false);
    expect(IMPORTS_LIST.test("import { DEVICE_STORAGE } from '../../../lib/device-storage';")).toBe(true);
    // The modules that store something today are found (a search that finds nothing proves nothing).
    const storing = files.filter((file) => NAMING_CALL.test(codeOf(file))).map((f) => relative(src, f));
    expect(storing).toEqual(
      expect.arrayContaining([
        join('lib', 'high-contrast.ts'),
        join('lib', 'drafts', 'draft-store.ts'),
        join('lib', 'drafts', 'draft-files.ts'),
        join('features', 'tour', 'lib', 'tour-state.ts'),
        join('features', 'verification', 'utils', 'throttle.ts'),
        join('features', 'charity-auth', 'lib', 'charity-auth.ts'),
      ]),
    );
  });

  it('stores nothing under a name that is not on the list', () => {
    const offenders = files.flatMap((file) => {
      const code = codeOf(file);
      const name = relative(src, file);
      const found: string[] = [];
      if (LITERAL_NAME.test(code)) found.push(`${name}: a name written in place`);
      if (PROPERTY_ACCESS.test(code)) found.push(`${name}: storage used as an object`);
      if (NAMING_CALL.test(code) && !IMPORTS_LIST.test(code)) found.push(`${name}: names not from the list`);
      return found;
    });
    expect(offenders).toEqual([]);
  });

  it("names only listed items in index.html's first-paint script", () => {
    const html = readFileSync(join(web, 'index.html'), 'utf8');
    const names = [...html.matchAll(/Storage\.(?:getItem|setItem)\(\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names)
      expect(Object.values(DEVICE_STORAGE).some((item) => isItemKey(item, name ?? ''))).toBe(true);
  });

  it('lists every item on the cookie policy with where it is kept, its purpose and how long it stays', () => {
    const ids = Object.keys(DEVICE_STORAGE) as StoredItemId[];
    expect(STORED_ON_DEVICE.map((row) => row.id)).toEqual(ids);
    for (const row of STORED_ON_DEVICE) {
      expect(row.shownName.startsWith(DEVICE_STORAGE[row.id].name)).toBe(true);
      expect(row.where).not.toBe('');
      expect(row.purpose).not.toBe('');
      expect(row.kept).not.toBe('');
    }
    // The editors' drafts, which the policy once left out.
    const names = STORED_ON_DEVICE.map((row) => row.shownName);
    expect(names).toEqual(expect.arrayContaining(['kindred-drafts']));
    expect(names.some((name) => name.startsWith('kindred:draft:'))).toBe(true);
  });
});
