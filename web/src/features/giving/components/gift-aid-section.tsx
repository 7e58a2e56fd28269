import {
  GIFT_AID_ANONYMOUS_NOTE,
  GIFT_AID_EXPLANATION,
  GIFT_AID_OWN_MONEY,
  giftAidDeclaration,
} from '@shared/giving';
import { TextAreaField, TextField } from '@/components/form/form-field';
import { controlIdOf, type GivingCharity, type GivingForm } from '../hooks/use-giving-form';
import { figuresOf, type GivingField } from '../utils/giving-form';
import { CheckField } from './check-field';

/**
 * 4. Gift Aid (only for a charity that gave us its HMRC reference): HMRC's model wording for a single donation,
 * word for word, naming the registered name and the donation (not the tip, which is never Gift Aided); then
 * HMRC's minimum of a declaration: full name, house name or number and postcode (or the address in full, outside
 * the UK), and that the money is the donor's own.
 */
export function GiftAidSection({ form, charity }: { form: GivingForm; charity: GivingCharity }) {
  const { choices, update, reveal, errorOf } = form;
  // The declaration names the donation the server will store (grossed up with the stage's fee when the donor
  // covers it), whatever the tip, which is never Gift Aided: null until there is an amount.
  const donation = figuresOf({ ...choices, tip: 'none' }, form.cardFee)?.donationPence ?? null;
  const text = (
    field: GivingField & keyof typeof choices,
    label: string,
    autoComplete: string,
    { hint, short = false }: { hint?: string; short?: boolean } = {},
  ) => (
    <TextField
      id={controlIdOf(field, choices)}
      className={`form-field__input${short ? ' giving-input--short' : ''}`}
      label={label}
      hint={hint}
      autoComplete={autoComplete}
      value={choices[field] as string}
      onValueChange={(value) => update({ [field]: value }, [field])}
      onBlur={() => (choices[field] as string) && reveal(field)}
      error={errorOf(field)}
    />
  );
  return (
    <fieldset className="giving-section giving-gift-aid">
      <legend className="giving-section__legend">Gift Aid</legend>
      <p className="giving-gift-aid__explanation">{GIFT_AID_EXPLANATION}</p>
      {donation === null ? (
        <p className="giving-section__note">Choose your donation above, then you can add Gift Aid to it.</p>
      ) : (
        <CheckField
          id="give-gift-aid"
          label={giftAidDeclaration(charity.registered_name, donation)}
          hint="Gift Aid is added to your donation only, never to a tip."
          checked={choices.giftAid}
          onCheckedChange={(giftAid) => update({ giftAid }, ['giftAid'])}
          error={errorOf('giftAid')}
        />
      )}
      {donation !== null && choices.anonymous ? (
        <p className="giving-note">{GIFT_AID_ANONYMOUS_NOTE}</p>
      ) : null}
      {donation !== null && choices.giftAid ? (
        <div className="giving-section__more giving-section__stack">
          {text('title', 'Title (optional)', 'honorific-prefix', {
            hint: 'For example Mr, Mrs, Ms, Dr or Mx.',
            short: true,
          })}
          <div className="giving-pair">
            {text('firstName', 'First name', 'given-name')}
            {text('lastName', 'Last name', 'family-name')}
          </div>
          {text('house', 'House name or number', 'address-line1')}
          {choices.outsideUk ? null : text('postcode', 'Postcode', 'postal-code', { short: true })}
          <CheckField
            id="give-outside-uk"
            label="I live outside the UK"
            checked={choices.outsideUk}
            onCheckedChange={(outsideUk) => update({ outsideUk }, ['postcode', 'address'])}
          />
          {choices.outsideUk ? (
            <TextAreaField
              className="giving-textarea"
              id="give-address"
              label="Your address in full"
              autoComplete="street-address"
              value={choices.address}
              onValueChange={(address) => update({ address }, ['address'])}
              onBlur={() => choices.address && reveal('address')}
              error={errorOf('address')}
            />
          ) : null}
          <CheckField
            id="give-own-money"
            label={GIFT_AID_OWN_MONEY}
            checked={choices.ownMoney}
            onCheckedChange={(ownMoney) => update({ ownMoney }, ['ownMoney'])}
            error={errorOf('ownMoney')}
            required
          />
        </div>
      ) : null}
    </fieldset>
  );
}
