import type { ReactNode } from 'react';
import { describedBy, FieldError } from '@/components/form/form-field';

export interface Choice {
  value: string;
  label: ReactNode;
  /** A second, smaller line (a tip's amount). */
  detail?: ReactNode;
}

interface ChoiceGroupProps {
  /** Prefix of the radios' ids (`<id>-<value>`) and of the group's hint and error. */
  id: string;
  /** The radios' shared name. */
  name: string;
  legend: ReactNode;
  choices: readonly Choice[];
  value: string;
  onValueChange: (value: string) => void;
  hint?: ReactNode;
  error?: string;
  /** The grid's look on a wide box (five amounts or four tips in a row); every choice is the same size. */
  kind: 'amounts' | 'tips';
  /** Below the choices (the "Other" amount's field). */
  children?: ReactNode;
}

/**
 * Radios as one fieldset with its legend (its hint and error describe the group, as GOV.UK's radios do): native
 * inputs, shown as equal tiles.
 */
export function ChoiceGroup({
  id,
  name,
  legend,
  choices,
  value,
  onValueChange,
  hint,
  error,
  kind,
  children,
}: ChoiceGroupProps) {
  return (
    <fieldset
      className={`giving-section${error ? ' giving-section--invalid' : ''}`}
      aria-describedby={describedBy(id, hint, error)}
    >
      <legend className="giving-section__legend">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="giving-section__hint">
          {hint}
        </p>
      ) : null}
      <div className={`giving-choices giving-choices--${kind}`}>
        {choices.map((choice) => (
          <label key={choice.value} className="giving-choice" htmlFor={`${id}-${choice.value}`}>
            <input
              id={`${id}-${choice.value}`}
              type="radio"
              name={name}
              value={choice.value}
              className="giving-choice__input"
              checked={value === choice.value}
              onChange={() => onValueChange(choice.value)}
            />
            <span className="giving-choice__text">
              <span className="giving-choice__label">{choice.label}</span>
              {choice.detail ? (
                <>
                  {' '}
                  <span className="giving-choice__detail">{choice.detail}</span>
                </>
              ) : null}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={id} error={error} />
      {children}
    </fieldset>
  );
}
