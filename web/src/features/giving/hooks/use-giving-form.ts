import type { PublicCharityPage } from '@shared/api/schemas/public-pages';
import type { CardFee } from '@shared/giving';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isApiError, messageOf } from '@/lib/api';
import { useMutation } from '@/lib/query';
import { createDonation } from '../api/create-donation';
import {
  DEFAULT_CHOICES,
  fieldOfServerError,
  figuresOf,
  firstInvalid,
  GIVING_FIELDS,
  type GivingChoices,
  type GivingErrors,
  type GivingField,
  PRESET_AMOUNTS,
  toRequest,
  validateChoices,
} from '../utils/giving-form';
import { goToCheckout } from '../utils/go-to-checkout';
import { loadChoices, saveChoices } from '../utils/saved-choices';

/** What the giving box needs of the charity. */
export interface GivingCharity {
  registration_number: string;
  display_name: string;
  registered_name: string;
  /** Whether giving is open, Gift Aid available, and the stage's card fee, as the charity's page answers. */
  giving: PublicCharityPage['giving'];
}

/** The id of the control that a field's message belongs to (focused when it is the first problem). */
export function controlIdOf(field: GivingField, choices: GivingChoices): string {
  if (field === 'amount')
    return choices.amount === 'other'
      ? 'give-other-amount'
      : `give-amount-${choices.amount || PRESET_AMOUNTS[0]}`;
  if (field === 'tip') return 'give-other-tip';
  return `give-${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/**
 * The giving box's state: the choices (put back from this tab's storage, kept on every change), which
 * messages show (a field's once it has been left or Donate was pressed; the server's at once), and Donate,
 * which opens the donation and sends the browser to Stripe Checkout.
 */
export function useGivingForm(charity: GivingCharity) {
  const number = charity.registration_number;
  const giftAidAvailable = charity.giving.gift_aid;
  // The stage's card fee, from the server's answer: the one the create-donation route charges with.
  const { basis_points: basisPoints, fixed_pence: fixedPence } = charity.giving.card_fee;
  const cardFee = useMemo<CardFee>(() => ({ basisPoints, fixedPence }), [basisPoints, fixedPence]);
  const [choices, setChoices] = useState<GivingChoices>(() => loadChoices(number) ?? DEFAULT_CHOICES);
  const changed = useRef(false);
  const [shown, setShown] = useState<Partial<Record<GivingField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<GivingErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [attempted, setAttempted] = useState(false);
  // Focus moves once the messages are on screen, so the control is announced with its message.
  const [focusRequest, setFocusRequest] = useState<{ id: string } | null>(null);
  const donation = useMutation(createDonation);
  const { reset } = donation;

  useEffect(() => {
    if (changed.current) saveChoices(number, choices);
  }, [number, choices]);

  useEffect(() => {
    if (focusRequest) document.getElementById(focusRequest.id)?.focus();
  }, [focusRequest]);

  // Back from Checkout may show this page from the browser's memory, as it was: Donate must not stay busy.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setLeaving(false);
      reset();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [reset]);

  const errors = validateChoices(choices, { giftAidAvailable, cardFee });
  const figures = figuresOf(choices, cardFee);
  const errorOf = (field: GivingField) => serverErrors[field] ?? (shown[field] ? errors[field] : undefined);

  const update = useCallback((patch: Partial<GivingChoices>, fields: readonly GivingField[] = []) => {
    changed.current = true;
    setChoices((current) => ({ ...current, ...patch }));
    if (fields.length)
      setServerErrors((current) =>
        fields.some((field) => current[field])
          ? Object.fromEntries(
              Object.entries(current).filter(([field]) => !fields.includes(field as GivingField)),
            )
          : current,
      );
    setFormError(null);
  }, []);

  /** Shows a field's own message from now on (it has been left). */
  const reveal = useCallback((field: GivingField) => {
    setShown((current) => (current[field] ? current : { ...current, [field]: true }));
  }, []);

  const busy = donation.status === 'pending' || leaving;

  const submit = async () => {
    if (busy) return;
    const first = firstInvalid(errors);
    if (first) {
      setAttempted(true);
      setShown(Object.fromEntries(GIVING_FIELDS.map((field) => [field, true])));
      setFocusRequest({ id: controlIdOf(first, choices) });
      return;
    }
    setFormError(null);
    setServerErrors({});
    saveChoices(number, choices);
    try {
      const { checkoutUrl } = await donation.mutate(toRequest(number, choices, { giftAidAvailable }));
      setLeaving(true);
      goToCheckout(checkoutUrl);
    } catch (error) {
      const field = isApiError(error) ? fieldOfServerError(error.field, choices) : undefined;
      if (field) {
        setServerErrors({ [field]: messageOf(error) });
        setFocusRequest({ id: controlIdOf(field, choices) });
      } else setFormError(messageOf(error));
    }
  };

  const problems = GIVING_FIELDS.filter((field) => errorOf(field));
  return {
    choices,
    update,
    reveal,
    errorOf,
    problems,
    attempted,
    formError,
    busy,
    submit,
    giftAidAvailable,
    cardFee,
    figures,
  };
}

export type GivingForm = ReturnType<typeof useGivingForm>;
