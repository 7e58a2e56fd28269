import { DEFAULT_DESCRIPTION, formatDocumentMeta } from './use-document-meta';

describe('formatDocumentMeta', () => {
  it('suffixes the title with the product name and tidies the description', () => {
    expect(
      formatDocumentMeta({ title: 'Privacy Policy', description: '  How we use\n   your data. ' }),
    ).toEqual({
      title: 'Privacy Policy | Kindred',
      description: 'How we use your data.',
    });
  });

  it('falls back to the brand name and the site description', () => {
    expect(formatDocumentMeta({ description: ' ' })).toEqual({
      title: 'Kindred',
      description: DEFAULT_DESCRIPTION,
    });
  });
});
