import { excerptOf, postTitle } from './publish';

describe('announced words', () => {
  it('cuts an excerpt at a word, within 300 characters, and flattens white space', () => {
    const text = `${'word '.repeat(100)}end`;
    const excerpt = excerptOf(text);
    expect(excerpt.length).toBeLessThanOrEqual(300);
    expect(excerpt.endsWith('word…')).toBe(true);
    expect(excerptOf('Two\n\nlines')).toBe('Two lines');
  });

  it('names a photo or video post after its charity, a story or event by its title', () => {
    expect(postTitle({ type: 'photo', title: '' }, 'Larkspur Food Hub')).toBe('Photo from Larkspur Food Hub');
    expect(postTitle({ type: 'event', title: 'Open evening' }, 'Larkspur Food Hub')).toBe('Open evening');
  });
});
