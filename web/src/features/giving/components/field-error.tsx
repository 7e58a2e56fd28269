import { FormIcon } from '@/components/form/form-icon';

/** A control's error line (`<id>-error`, which the control names in aria-describedby), or nothing. */
export function FieldError({ id, error, className }: { id: string; error?: string; className?: string }) {
  if (!error) return null;
  return (
    <p className={`form-field__error${className ? ` ${className}` : ''}`} id={`${id}-error`}>
      <FormIcon name="alert" className="form-field__error-icon" />
      <span>{error}</span>
    </p>
  );
}
