import { formatPence, grossUp, MAX_DONOR_MESSAGE } from '@shared/giving';
import { TextAreaField } from '@/components/form/form-field';
import type { GivingCharity, GivingForm } from '../hooks/use-giving-form';
import { validAmountPence } from '../utils/giving-form';
import { CheckField } from './check-field';

/**
 * 3. Optional extras, all unticked: cover the card fee (grossed up so the charity receives the round figure),
 * give anonymously, a message to the charity, and whether the charity may email the donor.
 */
export function OptionsSection({ form, charity }: { form: GivingForm; charity: GivingCharity }) {
  const { choices, update, reveal, errorOf, cardFee } = form;
  const name = charity.display_name;
  const amount = validAmountPence(choices);
  const coverLabel =
    amount === null
      ? `Add the card fee so ${name} receives your whole donation`
      : `Add ${formatPence(grossUp(amount, cardFee) - amount, { always: true })} so ${name} receives the full ${formatPence(amount)}`;
  const left = MAX_DONOR_MESSAGE - choices.message.length;
  return (
    <fieldset className="giving-section">
      <legend className="giving-section__legend">Options</legend>
      <div className="giving-section__stack">
        <CheckField
          id="give-cover-fee"
          label={coverLabel}
          hint="The card fee is taken from your donation. You can add it on top instead."
          checked={choices.coverFee}
          onCheckedChange={(coverFee) => update({ coverFee })}
        />
        <CheckField
          id="give-anonymous"
          label="Give anonymously"
          hint={`${name} will see "Anonymous" instead of your email address.`}
          checked={choices.anonymous}
          // Anonymity wins: choosing it unticks "may email me", so the two are never chosen together.
          onCheckedChange={(anonymous) => update(anonymous ? { anonymous, mayEmail: false } : { anonymous })}
        />
        <TextAreaField
          className="giving-textarea"
          id="give-message"
          label={`A message to ${name} (optional)`}
          hint={`Plain text, up to ${MAX_DONOR_MESSAGE} characters.${left >= 0 ? ` ${left} left.` : ''}`}
          maxLength={MAX_DONOR_MESSAGE}
          value={choices.message}
          onValueChange={(message) => update({ message }, ['message'])}
          onBlur={() => choices.message && reveal('message')}
          error={errorOf('message')}
        />
        {choices.anonymous ? (
          <p className="giving-section__note">
            As you're giving anonymously, {name} won't have your email address, so it can't email you about
            its work. Untick "Give anonymously" if you'd like to hear from {name}.
          </p>
        ) : (
          <CheckField
            id="give-may-email"
            label={`${name} may email me about its work`}
            checked={choices.mayEmail}
            onCheckedChange={(mayEmail) => update({ mayEmail })}
          />
        )}
      </div>
    </fieldset>
  );
}
