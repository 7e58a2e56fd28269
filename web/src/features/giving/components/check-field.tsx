import type { ReactNode } from 'react';
import { describedBy, FieldError } from '@/components/form/form-field';

interface CheckFieldProps {
  id: string;
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
}

/** A native checkbox with its label, hint and error (the error announced by the box through aria-describedby). */
export function CheckField({ id, label, checked, onCheckedChange, hint, error, required }: CheckFieldProps) {
  return (
    <div className={`giving-check${error ? ' giving-check--invalid' : ''}`}>
      <input
        id={id}
        type="checkbox"
        className="giving-check__input"
        checked={checked}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onCheckedChange(event.target.checked)}
      />
      <label htmlFor={id} className="giving-check__label">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="giving-check__hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} className="giving-check__error" />
    </div>
  );
}
