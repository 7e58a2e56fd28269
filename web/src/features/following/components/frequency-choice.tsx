import { FOLLOW_FREQUENCIES, FOLLOW_FREQUENCY_LABELS, type FollowFrequency } from '@shared/following';

interface FrequencyChoiceProps {
  /** Prefix of the radios' ids and their shared name. */
  id: string;
  value: FollowFrequency;
  onChange: (frequency: FollowFrequency) => void;
  /** The group's legend (visually hidden where a heading already says it). */
  legend?: string;
  disabled?: boolean;
}

/** Each post or a weekly digest: native radios in a fieldset. */
export function FrequencyChoice({
  id,
  value,
  onChange,
  legend = 'How often?',
  disabled,
}: FrequencyChoiceProps) {
  return (
    <fieldset className="follow-frequency" disabled={disabled}>
      <legend className="follow-frequency__legend">{legend}</legend>
      <div className="follow-frequency__choices">
        {FOLLOW_FREQUENCIES.map((frequency) => (
          <label key={frequency} className="follow-frequency__choice" htmlFor={`${id}-${frequency}`}>
            <input
              id={`${id}-${frequency}`}
              type="radio"
              name={id}
              value={frequency}
              checked={value === frequency}
              onChange={() => onChange(frequency)}
            />
            <span>{FOLLOW_FREQUENCY_LABELS[frequency]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
