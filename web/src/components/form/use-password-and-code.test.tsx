/** @jest-environment jsdom */
import { act, render } from '@testing-library/react';
import { usePasswordAndCode } from './use-password-and-code';

/** The hook behind two fields, as the refund dialog and the two-step card use it. */
function Probe({ expose }: { expose: (form: ReturnType<typeof usePasswordAndCode>) => void }) {
  const form = usePasswordAndCode();
  expose(form);
  return (
    <>
      <input aria-label="Password" ref={form.passwordRef} />
      <input aria-label="Code" ref={form.codeRef} />
    </>
  );
}

describe('usePasswordAndCode', () => {
  it('puts a failure under its field and focuses it; editing clears it', () => {
    let form!: ReturnType<typeof usePasswordAndCode>;
    const view = render(<Probe expose={(f) => (form = f)} />);
    act(() => form.fail({ field: 'code', message: 'That code is not right.' }));
    expect(form.fieldError('code')).toBe('That code is not right.');
    expect(form.fieldError('password')).toBeUndefined();
    expect(document.activeElement).toBe(view.getByLabelText('Code'));
    act(() => form.fail({ field: 'password', message: 'Wrong password.' }));
    expect(document.activeElement).toBe(view.getByLabelText('Password'));
    act(() => form.change('password')('hunter2hunter2'));
    expect(form.values).toEqual({ password: 'hunter2hunter2', code: '' });
    expect(form.failure).toBeNull();
  });

  it('leaves focus alone for a failure of the whole form, and clears the values when asked', () => {
    let form!: ReturnType<typeof usePasswordAndCode>;
    render(<Probe expose={(f) => (form = f)} />);
    act(() => form.change('code')('123456'));
    act(() => form.fail({ field: 'form', message: 'Please try again.' }));
    expect(document.activeElement).toBe(document.body);
    expect(form.fieldError('code')).toBeUndefined();
    // A failure combined by the caller (a status that could not load) is read the same way.
    expect(form.fieldError('code', { field: 'code', message: 'Load failed.' })).toBe('Load failed.');
    act(() => form.clearValues());
    expect(form.values).toEqual({ password: '', code: '' });
  });
});
