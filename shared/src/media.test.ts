import {
  allowedContentTypes,
  MAX_PROFILE_IMAGE_BYTES,
  MediaWordsMessage,
  maxUploadBytes,
  mediaUrl,
  mediaWordsProblem,
  sniffContentType,
  storedMediaWords,
} from './media';

describe('media rules', () => {
  it('tells JPEG and MP4 from their first bytes and nothing else', () => {
    expect(sniffContentType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('image/jpeg');
    expect(sniffContentType(Uint8Array.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73]))).toBe(
      'video/mp4',
    );
    expect(sniffContentType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
    expect(sniffContentType(Uint8Array.from([0x47, 0x49, 0x46, 0x38]))).toBeNull();
    expect(sniffContentType(new Uint8Array())).toBeNull();
  });

  it('caps profile images at 5MB and takes only images for them', () => {
    expect(maxUploadBytes('profile-image', 'image/jpeg')).toBe(MAX_PROFILE_IMAGE_BYTES);
    expect(maxUploadBytes('page', 'video/mp4')).toBeGreaterThan(maxUploadBytes('page', 'image/jpeg'));
    expect(allowedContentTypes('profile-image')).toEqual(['image/jpeg']);
    expect(allowedContentTypes('explore-feed')).toEqual(['image/jpeg', 'video/mp4']);
  });

  it('builds media URLs with each path segment encoded', () => {
    expect(mediaUrl('/media/', 'a b/pages/x#1.jpg')).toBe('/media/a%20b/pages/x%231.jpg');
  });

  it('asks for alt text unless decorative, and refuses control characters and overlong words', () => {
    expect(mediaWordsProblem({ alt: ' ' })).toEqual({ part: 'alt', message: MediaWordsMessage.AltRequired });
    expect(mediaWordsProblem({ decorative: true })).toBeNull();
    expect(mediaWordsProblem({ alt: 'a\tb' })?.message).toBe(MediaWordsMessage.ControlCharacters);
    expect(mediaWordsProblem({ alt: 'ok', caption: 'x\u2028y' })?.part).toBe('caption');
    expect(mediaWordsProblem({ alt: 'x'.repeat(251) })?.message).toBe(MediaWordsMessage.AltTooLong);
    expect(mediaWordsProblem({ alt: 'ok', caption: 'x'.repeat(301) })?.message).toBe(
      MediaWordsMessage.CaptionTooLong,
    );
    expect(storedMediaWords({ alt: ' Hi ', decorative: true, caption: ' ' })).toEqual({
      alt_text: null,
      decorative: true,
      caption: null,
    });
  });
});
