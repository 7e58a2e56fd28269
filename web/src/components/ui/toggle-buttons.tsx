import './toggle-buttons.css';

/**
 * A small set of choices, one on at a time, as buttons in a labelled group (`aria-pressed`): Tab and Enter or
 * Space, like any button.
 */
export function ToggleButtons<Value extends string>({
  label,
  options,
  value,
  onChange,
}: {
  /** The group's name for assistive technology: "Period". */
  label: string;
  options: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset
    <div className="toggle-buttons" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className="toggle-buttons__button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
