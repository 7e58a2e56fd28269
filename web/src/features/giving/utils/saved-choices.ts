import { DEVICE_STORAGE } from '@/lib/device-storage';
import { DEFAULT_CHOICES, type GivingChoices, TIP_OPTIONS } from './giving-form';

/**
 * A donor's choices in one charity's giving box, kept in this tab's session storage (cookie policy:
 * `givingChoices`) so that a Cancel or Back from Stripe Checkout finds the box as it was left. Cleared once
 * the payment is confirmed. Storage that is full or switched off only means nothing is kept.
 */
const keyOf = (registrationNumber: string) => `${DEVICE_STORAGE.givingChoices.name}${registrationNumber}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The kept choices, each checked against its type (anything else is the default), or null when none are kept. */
export function loadChoices(registrationNumber: string): GivingChoices | null {
  let saved: unknown;
  try {
    const text = storage()?.getItem(keyOf(registrationNumber));
    if (!text) return null;
    saved = JSON.parse(text);
  } catch {
    return null;
  }
  if (!saved || typeof saved !== 'object') return null;
  const record = saved as Record<string, unknown>;
  const choices: Record<string, unknown> = { ...DEFAULT_CHOICES };
  for (const [key, fallback] of Object.entries(DEFAULT_CHOICES)) {
    const value = record[key];
    if (typeof value === typeof fallback && (typeof value !== 'string' || value.length <= 2000))
      choices[key] = value;
  }
  if (!TIP_OPTIONS.includes(choices.tip as GivingChoices['tip'])) choices.tip = DEFAULT_CHOICES.tip;
  return choices as unknown as GivingChoices;
}

export function saveChoices(registrationNumber: string, choices: GivingChoices): void {
  try {
    storage()?.setItem(keyOf(registrationNumber), JSON.stringify(choices));
  } catch {
    // Full or refused: the box still works, it just will not be restored.
  }
}

export function forgetChoices(registrationNumber: string): void {
  try {
    storage()?.removeItem(keyOf(registrationNumber));
  } catch {
    // Nothing to do.
  }
}
