import { PageMessage, pageContentError, pageNameError } from './pages';
import { PAGE_TEMPLATES } from './templates';

const basic = PAGE_TEMPLATES[0] as (typeof PAGE_TEMPLATES)[number];

describe('page rules', () => {
  it('checks names: required after trimming, at most 50, unique whatever the case', () => {
    expect(pageNameError('   ')).toBe(PageMessage.NameRequired);
    expect(pageNameError('x'.repeat(51))).toBe(PageMessage.NameTooLong);
    expect(pageNameError(` ${'x'.repeat(50)} `)).toBeNull();
    expect(pageNameError('Summer Appeal', ['summer appeal '])).toBe(
      'A page with this name already exists. Please choose a different name.',
    );
    expect(pageNameError('Summer Appeal', ['Winter Appeal'])).toBeNull();
  });

  it('checks content against the template: required, max length, known fields', () => {
    const ok = { page_description: 'Mission', about_text: 'About' };
    expect(pageContentError(basic, ok)).toBeNull();
    expect(pageContentError(basic, { ...ok, page_description: ' ' })).toEqual({
      field: 'page_description',
      message: 'Our Mission is required',
    });
    expect(pageContentError(basic, { ...ok, about_text: 'a'.repeat(2001) })?.message).toBe(
      'About Us must be 2000 characters or less',
    );
    expect(pageContentError(basic, { ...ok, extra: 'x' })?.field).toBe('extra');
  });
});
