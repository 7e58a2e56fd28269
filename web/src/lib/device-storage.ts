/**
 * Everything the site keeps on the visitor's device, named once (issue 29). Every module that reads or writes
 * local storage, session storage or IndexedDB takes its name from here, and the cookie policy lists each entry
 * with its purpose and how long it stays: its table is typed by this list (a new entry without a row does not
 * compile) and `device-storage.test.ts` fails on any storage use in `web/src` that does not come from here.
 *
 * No imports: `lib/high-contrast.ts` (in the first load of every page) and the e2e journeys read it.
 */
export const DEVICE_STORAGE = {
  highContrast: { area: 'localStorage', name: 'highContrastMode' },
  tourSeen: { area: 'localStorage', name: 'hasSeenGuidedTour' },
  tourState: { area: 'sessionStorage', name: 'guidedTour' },
  lastVerificationAttempt: { area: 'localStorage', name: 'lastVerificationAttempt' },
  lastResendAttempt: { area: 'localStorage', name: 'lastResendAttempt' },
  /** Prefix: one key per account and form, `kindred:draft:<charity id>:<form>`. */
  draft: { area: 'localStorage', name: 'kindred:draft:', prefix: true },
  /** A database (object store `files`, keys `<charity id>:<form>:<item id>`). */
  draftFiles: { area: 'indexedDB', name: 'kindred-drafts' },
  /** Prefix: a donor's choices in a charity's giving box, `kindred:giving:<registration number>` (one tab). */
  givingChoices: { area: 'sessionStorage', name: 'kindred:giving:', prefix: true },
  /** Prefix of the keys Amplify writes for the charity session: `CognitoIdentityServiceProvider.<client>.…`. */
  signIn: { area: 'localStorage', name: 'CognitoIdentityServiceProvider.', prefix: true },
} as const satisfies Record<string, StoredItem>;

export type StorageArea = 'localStorage' | 'sessionStorage' | 'indexedDB';

export interface StoredItem {
  area: StorageArea;
  /** The key (or database name); with `prefix`, the start of every key of the item. */
  name: string;
  prefix?: boolean;
}

export type StoredItemId = keyof typeof DEVICE_STORAGE;

/** Whether a key (or database name) found on the device is this item's. */
export function isItemKey(item: StoredItem, key: string): boolean {
  return item.prefix ? key.startsWith(item.name) : key === item.name;
}
