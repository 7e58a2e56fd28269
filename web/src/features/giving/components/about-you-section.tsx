import { TextField } from '@/components/form/form-field';
import type { GivingCharity, GivingForm } from '../hooks/use-giving-form';
import { CheckField } from './check-field';

/** 5. About you: the receipt's email and the required 18-or-over declaration. */
export function AboutYouSection({ form, charity }: { form: GivingForm; charity: GivingCharity }) {
  const { choices, update, reveal, errorOf } = form;
  return (
    <fieldset className="giving-section">
      <legend className="giving-section__legend">About you</legend>
      <div className="giving-section__stack">
        <TextField
          id="give-email"
          label="Email for your receipt"
          hint={
            choices.anonymous
              ? 'We send your receipt here.'
              : `We send your receipt here. ${charity.display_name} sees it with your donation.`
          }
          type="email"
          autoComplete="email"
          spellCheck={false}
          maxLength={254}
          value={choices.email}
          onValueChange={(email) => update({ email }, ['email'])}
          onBlur={() => choices.email && reveal('email')}
          error={errorOf('email')}
          required
        />
        <CheckField
          id="give-adult"
          label="I am 18 or over"
          checked={choices.adult}
          onCheckedChange={(adult) => update({ adult }, ['adult'])}
          error={errorOf('adult')}
          required
        />
      </div>
    </fieldset>
  );
}
