/**
 * A prerendered page (scripts/prerender-web.ts) shows its forms before the app has hydrated them. Until React
 * owns a form:
 * - text typed and boxes ticked are remembered, and once React owns the field they are put back through the
 *   field's own change handling (hydrating a controlled field sets it back to its state, so they would be lost);
 * - a submission (Enter in a field, a click on the button) is held, not sent by the browser (a GET to this
 *   address with every field, the password too, in the query string), and submitted again once React owns
 *   the form;
 * - a press of any other button (the header's Menu, High contrast, Show password) is held and made again, in
 *   order, once React owns that button (the app loads after the first paint: a tap before that would do
 *   nothing).
 */
const owned = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps'));

type Field = HTMLInputElement | HTMLTextAreaElement;

/** Calls `then` once React owns `element` (checked each frame, for at most a minute). */
function whenOwned(element: Element, then: () => void) {
  const started = performance.now();
  const check = () => {
    if (owned(element)) then();
    else if (performance.now() - started < 60_000) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

function putBack(field: Field, typed: { value: string; checked: boolean }) {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    if (field.checked !== typed.checked) field.click();
    return;
  }
  if (typed.value === '') return;
  // React may have kept the text on screen while its state is still the server's (empty): its tracker is
  // set to empty through the field's own setter, the text put back through the prototype's (which the tracker
  // does not see), so the input event is a change for React and the field's onChange runs.
  field.value = '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed.value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

export function keepFormsUntilHydrated(root: HTMLElement): void {
  const typed = new Map<Field, { value: string; checked: boolean }>();
  const record = (event: Event) => {
    const field = event.target;
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || owned(field)) return;
    const first = !typed.has(field);
    typed.set(field, { value: field.value, checked: field instanceof HTMLInputElement && field.checked });
    if (first) whenOwned(field, () => putBack(field, typed.get(field) ?? { value: '', checked: false }));
  };
  root.addEventListener('input', record, true);
  root.addEventListener('change', record, true);
  root.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button[type="button"]') : null;
      if (!(button instanceof HTMLButtonElement) || owned(button)) return;
      // Not React's to handle as well (once hydrating, it could): made again below, once.
      event.stopImmediatePropagation();
      whenOwned(button, () => requestAnimationFrame(() => button.click()));
    },
    true,
  );
  const held = new Set<HTMLFormElement>();
  root.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || owned(form)) return;
      event.preventDefault();
      if (held.has(form)) return;
      held.add(form);
      // After the fields are back (they are owned no later than their form).
      whenOwned(form, () =>
        requestAnimationFrame(() => {
          held.delete(form);
          form.requestSubmit();
        }),
      );
    },
    true,
  );
}
