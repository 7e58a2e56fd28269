import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { describedBy, FieldFrame } from '@/components/form/form-field';

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
    <FieldFrame id={id} label={label} hint={hint} error={error}>
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
    </FieldFrame>
  );
}
