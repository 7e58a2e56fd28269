import { formatPence, GivingMessage, MAX_DONATION_PENCE, MIN_DONATION_PENCE } from '@shared/giving';
import { TextField } from '@/components/form/form-field';
import type { GivingForm } from '../hooks/use-giving-form';
import { PRESET_AMOUNTS } from '../utils/giving-form';
import { ChoiceGroup } from './choice-group';

const CHOICES = [
  ...PRESET_AMOUNTS.map((pence) => ({ value: pence, label: formatPence(Number(pence)) })),
  { value: 'other', label: 'Other' },
];
/** The "Other" amount's hint: the range, and the ceiling on the whole charge (only "Other" can come near it). */
const RANGE = `From ${formatPence(MIN_DONATION_PENCE, { always: true })} to ${formatPence(MAX_DONATION_PENCE, { always: true })}. ${GivingMessage.CeilingRule}`;

/** 1. How much: £10, £25, £50, £100 or another amount (pence allowed). Nothing is chosen for the donor. */
export function AmountSection({ form }: { form: GivingForm }) {
  const { choices, update, reveal, errorOf } = form;
  const other = choices.amount === 'other';
  const error = errorOf('amount');
  return (
    <ChoiceGroup
      id="give-amount"
      name="give-amount"
      legend="Your donation"
      choices={CHOICES}
      kind="amounts"
      value={choices.amount}
      onValueChange={(amount) => update({ amount }, ['amount'])}
      error={other ? undefined : error}
    >
      {other ? (
        <div className="giving-section__more">
          <TextField
            id="give-other-amount"
            label="Amount in pounds"
            hint={RANGE}
            inputMode="decimal"
            autoComplete="transaction-amount"
            value={choices.otherAmount}
            onValueChange={(otherAmount) => update({ otherAmount }, ['amount'])}
            onBlur={() => choices.otherAmount && reveal('amount')}
            error={error}
          />
        </div>
      ) : null}
    </ChoiceGroup>
  );
}
