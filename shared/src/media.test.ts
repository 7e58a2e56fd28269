import {
  allowedContentTypes,
  CaptionFileMessage,
  captionFileProblem,
  looksLikeCaptionFile,
  MAX_CAPTION_FILE_BYTES,
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
    expect(allowedContentTypes('explore-feed')).toEqual(['image/jpeg', 'video/mp4', 'text/vtt']);
    expect(maxUploadBytes('page', 'text/vtt')).toBe(MAX_CAPTION_FILE_BYTES);
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

describe('captionFileProblem (WebVTT caption files)', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  const cue = '\n\n00:00.000 --> 00:02.000\nWe cook every Friday.\n';

  it('takes WebVTT: the header alone, with a title, a byte order mark, CRLF lines and tabs', () => {
    expect(captionFileProblem(bytes(`WEBVTT${cue}`))).toBeNull();
    expect(captionFileProblem(bytes('WEBVTT'))).toBeNull();
    expect(captionFileProblem(bytes(`WEBVTT - Friday supper${cue}`))).toBeNull();
    expect(captionFileProblem(bytes(`\uFEFFWEBVTT${cue}`))).toBeNull();
    expect(captionFileProblem(bytes(`WEBVTT\r\n\r\n00:00.000 --> 00:02.000\r\nA\tB\r\n`))).toBeNull();
    expect(captionFileProblem(bytes(`WEBVTT\n\n00:00.000 --> 00:02.000\nCafé ☕ 你好\n`))).toBeNull();
  });

  it('refuses files that do not start with WEBVTT (SRT, a longer word, lower case, leading space)', () => {
    expect(captionFileProblem(bytes('1\n00:00:00,000 --> 00:00:02,000\nSRT\n'))).toBe(
      CaptionFileMessage.NotVtt,
    );
    expect(captionFileProblem(bytes(`WEBVTTX${cue}`))).toBe(CaptionFileMessage.NotVtt);
    expect(captionFileProblem(bytes(`webvtt${cue}`))).toBe(CaptionFileMessage.NotVtt);
    expect(captionFileProblem(bytes(` WEBVTT${cue}`))).toBe(CaptionFileMessage.NotVtt);
    expect(captionFileProblem(new Uint8Array())).toBe(CaptionFileMessage.NotVtt);
  });

  it('refuses control characters other than tab, line feed and carriage return, and bytes that are not UTF-8', () => {
    for (const c of ['\u0000', '\u0007', '\u000b', '\u000c', '\u001b', '\u007f', '\u0085'])
      expect(captionFileProblem(bytes(`WEBVTT${cue}x${c}y\n`))).toBe(CaptionFileMessage.NotText);
    expect(captionFileProblem(new Uint8Array([...bytes('WEBVTT\n\ncaf'), 0xe9, 0x0a]))).toBe(
      CaptionFileMessage.NotText,
    );
  });

  it('refuses a file over 512 KB', () => {
    const big = bytes(`WEBVTT\n\n${'a'.repeat(MAX_CAPTION_FILE_BYTES)}`);
    expect(captionFileProblem(big)).toBe(CaptionFileMessage.TooLarge);
  });

  it('knows a caption file by type, or by a .vtt name when the browser gives no type', () => {
    expect(looksLikeCaptionFile({ name: 'captions.vtt', type: 'text/vtt' })).toBe(true);
    expect(looksLikeCaptionFile({ name: 'CAPTIONS.VTT', type: '' })).toBe(true);
    expect(looksLikeCaptionFile({ name: 'captions.srt', type: '' })).toBe(false);
    expect(looksLikeCaptionFile({ name: 'captions.vtt', type: 'text/html' })).toBe(false);
  });
});
