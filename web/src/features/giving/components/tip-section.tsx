import { brand } from '@shared/brand';
import { formatPence, MAX_TIP_PENCE, PRESET_TIP_PERCENTS, tipPence } from '@shared/giving';
import { TextField } from '@/components/form/form-field';
import type { GivingForm } from '../hooks/use-giving-form';
import { validAmountPence } from '../utils/giving-form';
import { ChoiceGroup } from './choice-group';

const { productName: product } = brand;

/**
 * 2. A tip to Kindred: "No tip" first and chosen unless the donor picks another, every option the same size
 * (an extra payment needs express consent: Consumer Contracts Regulations 2013, regulation 40).
 */
export function TipSection({ form }: { form: GivingForm }) {
  const { choices, update, reveal, errorOf } = form;
  const amount = validAmountPence(choices);
  const choicesShown = [
    { value: 'none', label: 'No tip' },
    ...PRESET_TIP_PERCENTS.map((percent) => ({
      value: `${percent}`,
      label: `${percent}%`,
      detail:
        amount === null
          ? undefined
          : formatPence(tipPence({ kind: 'percent', percent }, amount), { always: true }),
    })),
    { value: 'other', label: 'Other' },
  ];
  const other = choices.tip === 'other';
  return (
    <ChoiceGroup
      id="give-tip"
      name="give-tip"
      legend={`A tip for ${product} (optional)`}
      hint={`${product} charges charities nothing. Tips are how we keep going: they go to ${product}, and none of your donation does.`}
      choices={choicesShown}
      kind="tips"
      value={choices.tip}
      onValueChange={(tip) => update({ tip: tip as typeof choices.tip }, ['tip'])}
    >
      {other ? (
        <div className="giving-section__more">
          <TextField
            id="give-other-tip"
            label="Tip in pounds"
            hint={`Up to ${formatPence(MAX_TIP_PENCE, { always: true })}.`}
            inputMode="decimal"
            value={choices.otherTip}
            onValueChange={(otherTip) => update({ otherTip }, ['tip'])}
            onBlur={() => choices.otherTip && reveal('tip')}
            error={errorOf('tip')}
          />
        </div>
      ) : null}
    </ChoiceGroup>
  );
}
