import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { describedBy } from '@/components/form/form-field';
import { FieldError } from './field-error';

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'onChange'> & {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  hint?: ReactNode;
  error?: string;
};

/** A textarea in the same frame as the shared text fields (label, hint, error). */
export function TextAreaField({
  id,
  label,
  value,
  onValueChange,
  hint,
  error,
  ...textarea
}: TextAreaFieldProps) {
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className="form-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <textarea
        id={id}
        className="form-field__input giving-textarea"
        rows={3}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onValueChange(event.target.value)}
        {...textarea}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}
