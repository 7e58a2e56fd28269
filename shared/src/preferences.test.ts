import {
  DISPLAY_NAME_MAX,
  displayNameError,
  hmrcReferenceError,
  normaliseHmrcReference,
  normalisePreferredEmail,
  PreferenceMessage,
  preferredEmailError,
  profileImageFileError,
  profileImageNameOf,
} from './preferences';

describe('preference rules', () => {
  it('display name: trimmed, 1 to 100 characters, no control characters', () => {
    expect(displayNameError('')).toBe('Display name cannot be empty');
    expect(displayNameError('   ')).toBe('Display name cannot be empty');
    expect(displayNameError('a'.repeat(DISPLAY_NAME_MAX))).toBeNull();
    expect(displayNameError(`  ${'a'.repeat(DISPLAY_NAME_MAX)}  `)).toBeNull();
    expect(displayNameError('a'.repeat(DISPLAY_NAME_MAX + 1))).toBe(
      'Display name must be 100 characters or less',
    );
    expect(displayNameError('Brambleford\nLarder')).toBe(PreferenceMessage.DisplayNameControl);
  });

  it('preferred email: optional, address-shaped when given, empty stored as null', () => {
    expect(preferredEmailError('')).toBeNull();
    expect(preferredEmailError('  ')).toBeNull();
    expect(preferredEmailError('hello@larder.example.org')).toBeNull();
    for (const bad of ['hello', 'hello@larder', '@larder.org', 'a b@larder.org']) {
      expect(preferredEmailError(bad)).toBe('Please enter a valid email address');
    }
    expect(normalisePreferredEmail('  ')).toBeNull();
    expect(normalisePreferredEmail(null)).toBeNull();
    expect(normalisePreferredEmail(' hi@larder.example.org ')).toBe('hi@larder.example.org');
  });

  it('HMRC charity references: up to two letters then digits, spaces ignored, capitals kept, empty removes', () => {
    for (const good of ['AB12345', 'ab12345', ' ab 123 45 ', 'X1234', '1234567', '123', '', '   ']) {
      expect([good, hmrcReferenceError(good)]).toEqual([good, null]);
    }
    for (const bad of ['ABC1234', 'AB123456', '12', 'AB-12345', '12AB', 'A', 'AB']) {
      expect([bad, hmrcReferenceError(bad)]).toEqual([bad, PreferenceMessage.HmrcReferenceFormat]);
    }
    expect(normaliseHmrcReference(' ab 123 45 ')).toBe('AB12345');
    expect(normaliseHmrcReference('  ')).toBeNull();
    expect(normaliseHmrcReference(null)).toBeNull();
  });

  it('profile images: only image files up to 5MB; names of the charity own profile keys', () => {
    expect(profileImageFileError({ type: 'image/png', size: 5 * 1024 * 1024 })).toBeNull();
    expect(profileImageFileError({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe(
      'Image must be smaller than 5MB',
    );
    expect(profileImageFileError({ type: 'application/pdf', size: 10 })).toBe('Please select an image file');
    expect(profileImageNameOf('c1', 'c1/profile_1760000000000_0123456789ab.jpg')).toBe(
      'profile_1760000000000_0123456789ab.jpg',
    );
    expect(profileImageNameOf('c1', 'c2/profile_1760000000000_0123456789ab.jpg')).toBeNull();
    expect(profileImageNameOf('c1', 'c1/pages/p/1760000000000_0123456789ab.jpg')).toBeNull();
    expect(profileImageNameOf('c1', 'c1/profile_1760000000000_0123456789ab.jpg/../x')).toBeNull();
  });
});
