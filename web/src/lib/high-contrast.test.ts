import {
  createHighContrastStore,
  HIGH_CONTRAST_CLASS,
  HIGH_CONTRAST_STORAGE_KEY,
  readHighContrast,
  writeHighContrast,
} from './high-contrast';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

function fakeRoot() {
  const classes = new Set<string>();
  return {
    classes,
    classList: {
      toggle: (name: string, force?: boolean) => {
        const on = force ?? !classes.has(name);
        if (on) classes.add(name);
        else classes.delete(name);
        return on;
      },
    },
  };
}

describe('high contrast', () => {
  it('starts off with nothing stored and does not apply the class', () => {
    const root = fakeRoot();
    const store = createHighContrastStore(memoryStorage(), root);
    expect(store.get()).toBe(false);
    expect(root.classes.has(HIGH_CONTRAST_CLASS)).toBe(false);
  });

  it('restores on load only when the stored flag is the string true', () => {
    const root = fakeRoot();
    expect(createHighContrastStore(memoryStorage({ [HIGH_CONTRAST_STORAGE_KEY]: 'true' }), root).get()).toBe(
      true,
    );
    expect(root.classes.has(HIGH_CONTRAST_CLASS)).toBe(true);
    for (const value of ['false', 'TRUE', '1', '']) {
      expect(readHighContrast(memoryStorage({ [HIGH_CONTRAST_STORAGE_KEY]: value }))).toBe(false);
    }
  });

  it('flips on toggle, stores the string flag, applies the class and notifies subscribers', () => {
    const storage = memoryStorage();
    const root = fakeRoot();
    const store = createHighContrastStore(storage, root);
    const listener = jest.fn();
    const unsubscribe = store.subscribe(listener);

    store.toggle();
    expect(store.get()).toBe(true);
    expect(storage.data.get(HIGH_CONTRAST_STORAGE_KEY)).toBe('true');
    expect(root.classes.has(HIGH_CONTRAST_CLASS)).toBe(true);

    store.toggle();
    expect(store.get()).toBe(false);
    expect(storage.data.get(HIGH_CONTRAST_STORAGE_KEY)).toBe('false');
    expect(root.classes.has(HIGH_CONTRAST_CLASS)).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);

    unsubscribe();
    store.toggle();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('survives storage that throws (privacy modes) and missing storage', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readHighContrast(broken)).toBe(false);
    expect(() => writeHighContrast(broken, true)).not.toThrow();
    const root = fakeRoot();
    const store = createHighContrastStore(null, root);
    store.toggle();
    expect(store.get()).toBe(true);
    expect(root.classes.has(HIGH_CONTRAST_CLASS)).toBe(true);
  });
});
