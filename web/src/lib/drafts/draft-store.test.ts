import {
  draftKey,
  draftTimeInWords,
  readDraft,
  removeDraft,
  removeDraftsOf,
  writeDraft,
} from './draft-store';

/** A Map-backed Storage on a minimal window (the unit tests run in Node). */
function fakeStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (i) => [...items.keys()][i] ?? null,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, String(v)),
    removeItem: (k) => void items.delete(k),
    clear: () => items.clear(),
  };
}

const g = globalThis as unknown as { window?: { localStorage: Storage } };

beforeEach(() => {
  g.window = { localStorage: fakeStorage() };
});
afterAll(() => {
  delete g.window;
});

describe('drafts', () => {
  it('keeps one draft per account and form, offered only to its own account', () => {
    writeDraft(
      'charity-a',
      'main-page',
      { content: { page_description: 'A' } },
      new Date('2026-03-03T10:00:00Z'),
    );
    writeDraft('charity-a', 'explore', { shortDescription: 'A short' });
    expect(readDraft('charity-a', 'main-page')).toEqual({
      savedAt: '2026-03-03T10:00:00.000Z',
      files: 'none',
      data: { content: { page_description: 'A' } },
    });
    expect(readDraft('charity-b', 'main-page')).toBeNull();
    expect(draftKey('charity-a', 'explore')).toBe('kindred:draft:charity-a:explore');
  });

  it('removes one draft, or every draft of an account (sign-out) and no one else’s', () => {
    writeDraft('charity-a', 'main-page', { x: 1 });
    writeDraft('charity-a', 'explore', { x: 2 });
    writeDraft('charity-b', 'explore', { x: 3 });
    removeDraft('charity-a', 'main-page');
    expect(readDraft('charity-a', 'main-page')).toBeNull();
    expect(readDraft('charity-a', 'explore')).not.toBeNull();
    removeDraftsOf('charity-a');
    expect(readDraft('charity-a', 'explore')).toBeNull();
    expect(readDraft('charity-b', 'explore')).toEqual(expect.objectContaining({ data: { x: 3 } }));
  });

  it('ignores unreadable drafts and works without storage', () => {
    g.window?.localStorage.setItem(draftKey('charity-a', 'explore'), '{not json');
    expect(readDraft('charity-a', 'explore')).toBeNull();
    delete g.window;
    expect(readDraft('charity-a', 'explore')).toBeNull();
    expect(() => writeDraft('charity-a', 'explore', { x: 1 })).not.toThrow();
    expect(() => removeDraftsOf('charity-a')).not.toThrow();
  });

  it('says when a draft was written', () => {
    const now = new Date('2026-03-03T18:00:00Z');
    expect(draftTimeInWords('2026-03-03T14:05:00Z', now, 'UTC')).toBe('today at 14:05');
    expect(draftTimeInWords('2026-03-01T09:30:00Z', now, 'UTC')).toBe('1 March at 09:30');
    expect(draftTimeInWords('nonsense', now, 'UTC')).toBe('an earlier visit');
  });
});
