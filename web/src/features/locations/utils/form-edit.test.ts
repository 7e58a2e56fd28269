import { fieldSetter } from './form-edit';

describe('fieldSetter', () => {
  it('stores the typed value in its field only and clears the error', () => {
    let form = { name: 'Old', address: 'Leeds' };
    let cleared = 0;
    const set = fieldSetter<typeof form>(
      (update) => {
        form = update(form);
      },
      () => {
        cleared += 1;
      },
    );
    set('name')('Community Larder');
    expect(form).toEqual({ name: 'Community Larder', address: 'Leeds' });
    expect(cleared).toBe(1);
  });
});
