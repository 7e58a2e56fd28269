import { hasHiddenCharacters, normalizeName } from './names';
import { pageContentError, pageNameError } from './pages';
import { displayNameError } from './preferences';

describe('names donors read', () => {
  it.each([
    ['right-to-left override', 'Official\u202Eeppa'],
    ['left-to-right embedding', 'a\u202Ab'],
    ['first-strong isolate', 'a\u2068b'],
    ['zero-width space', 'Kind\u200Bred'],
    ['zero-width joiner', 'Kind\u200Dred'],
    ['right-to-left mark', 'a\u200Fb'],
    ['word joiner', 'a\u2060b'],
    ['byte order mark', 'Kind\uFEFFred'],
    ['C1 control', 'a\u0085b'],
    ['tab', 'a\tb'],
  ])('refuses a %s', (_label, value) => {
    expect(hasHiddenCharacters(value)).toBe(true);
    expect(displayNameError(value)).toMatch(/invisible or text-direction characters/);
    expect(pageNameError(value)).toMatch(/invisible or text-direction characters/);
  });

  it('accepts ordinary names with accents, apostrophes and emoji', () => {
    for (const name of ["St Mary's Bell Ringers", 'Café Club', 'Łódź Friends', 'Helping Paws 🐾']) {
      expect(hasHiddenCharacters(name)).toBe(false);
      expect(displayNameError(name)).toBeNull();
    }
  });

  it('normalises to NFC and trims, so look-alike spellings compare equal', () => {
    expect(normalizeName('  Cafe\u0301 ')).toBe('Caf\u00e9');
    expect(pageNameError('Cafe\u0301', ['Caf\u00e9'])).toMatch(/already exists/);
  });

  it('treats inherited property names as unknown template fields', () => {
    const template = {
      field_schema: {
        required_fields: [],
        optional_fields: ['title'],
        field_definitions: { title: { label: 'Title', type: 'text' as const, max_length: 50 } },
      },
    };
    for (const field of ['constructor', 'toString', 'hasOwnProperty', '__defineGetter__']) {
      expect(pageContentError(template as never, { [field]: 'x' })).toEqual({
        field,
        message: `This template has no field called ${field}`,
      });
    }
  });
});
