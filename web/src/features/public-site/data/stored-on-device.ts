import { DEVICE_STORAGE, type StorageArea, type StoredItemId } from '@/lib/device-storage';

/** The cookie policy's table: every item of `DEVICE_STORAGE`, what it is for and how long it stays. */
export interface StoredItemRow {
  id: StoredItemId;
  /** The name as the policy shows it (a prefix item with the rest of its key spelled out). */
  shownName: string;
  where: string;
  purpose: string;
  kept: string;
}

const WHERE: Record<StorageArea, string> = {
  localStorage: 'Local storage',
  sessionStorage: 'Session storage (this tab only)',
  indexedDB: 'IndexedDB database',
};

const UNTIL_SAVED = 'Until the changes are saved, cancelled or discarded, or you sign out';

/** Typed by the list: an item added to `DEVICE_STORAGE` without a row here does not compile. */
const ABOUT: Record<StoredItemId, { shownName?: string; purpose: string; kept: string }> = {
  highContrast: {
    purpose: 'Remembers whether you turned on high-contrast mode.',
    kept: 'Until you clear it',
  },
  tourSeen: {
    purpose: 'Remembers that a charity has seen the dashboard tour, so it does not start again.',
    kept: 'Until you clear it',
  },
  tourState: { purpose: 'Remembers where you are in the dashboard tour.', kept: 'Until you close the tab' },
  lastVerificationAttempt: {
    purpose: 'The time of your last verification-code attempt, to space attempts 5 seconds apart.',
    kept: 'Until you clear it',
  },
  lastResendAttempt: {
    purpose: 'The time you last asked for a new verification code, to space requests 30 seconds apart.',
    kept: 'Until you clear it',
  },
  draft: {
    shownName: `${DEVICE_STORAGE.draft.name}<charity id>:<form>`,
    purpose:
      "A charity's unsaved changes to its main page or explore page (text, order of photos and videos, and their descriptions), so a reload or a closed tab loses nothing. Offered back only to the account that wrote it.",
    kept: UNTIL_SAVED,
  },
  draftFiles: {
    purpose:
      'Photos and videos chosen in those editors but not uploaded yet, kept with the draft so they need not be chosen again.',
    kept: UNTIL_SAVED,
  },
  givingChoices: {
    shownName: `${DEVICE_STORAGE.givingChoices.name}<charity number>`,
    purpose:
      "Your choices in a charity's giving box (amount, tip, options, Gift Aid details, email), so they are still there if you come back from the payment page without paying. Cleared once your payment is confirmed.",
    kept: 'Until you close the tab, or your payment is confirmed',
  },
  signIn: {
    shownName: `${DEVICE_STORAGE.signIn.name}<client>.…`,
    purpose:
      'Keeps a charity signed in securely between pages: the sign-in tokens of our sign-in service (Amazon Cognito), written by its AWS Amplify library.',
    kept: 'Until you sign out (a sign-in lasts at most 30 days)',
  },
};

export const STORED_ON_DEVICE: readonly StoredItemRow[] = (Object.keys(DEVICE_STORAGE) as StoredItemId[]).map(
  (id) => {
    const item = DEVICE_STORAGE[id];
    const { shownName = item.name, purpose, kept } = ABOUT[id];
    return { id, shownName, where: WHERE[item.area], purpose, kept };
  },
);
