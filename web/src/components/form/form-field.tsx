import {
  type ChangeEvent,
  type FocusEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useState,
} from 'react';
import { FormIcon } from './form-icon';
import './form-field.css';

interface FieldFrameProps {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}

/** Label, control, hint and error (announced by the control through aria-describedby). */
export function FieldFrame({ id, label, hint, error, children }: FieldFrameProps) {
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
      {children}
      <FieldError id={id} error={error} />
    </div>
  );
}

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

/**
 * Whether a field is being left for its form's submit button. A check on leaving then waits for the submit's
 * own: a message appearing between mouse-down and mouse-up would move the button away from the click.
 */
export function isLeavingToSubmit(event: FocusEvent<HTMLInputElement>): boolean {
  const next = event.relatedTarget;
  return (
    next instanceof HTMLButtonElement && next.type === 'submit' && next.form === event.currentTarget.form
  );
}

export function describedBy(id: string, hint: unknown, error: unknown, extra?: string): string | undefined {
  return (
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null, extra ?? null].filter(Boolean).join(' ') ||
    undefined
  );
}

interface ControlState {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  hint?: ReactNode;
  error?: string;
}

/** What every control in a {@link FieldFrame} carries: id, value, invalid state, description, change handler. */
function controlProps({ id, value, onValueChange, hint, error }: ControlState, extraDescription?: string) {
  return {
    id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, hint, error, extraDescription),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      onValueChange(event.target.value),
  };
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> & {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  hint?: ReactNode;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
};

export function TextField({
  id,
  label,
  value,
  onValueChange,
  hint,
  error,
  inputRef,
  ...input
}: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input
        ref={inputRef}
        className="form-field__input"
        {...controlProps({ id, value, onValueChange, hint, error })}
        {...input}
      />
    </FieldFrame>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'onChange' | 'value'> & {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The choices, in order; `placeholder` (value "") comes first when given. */
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  hint?: ReactNode;
  error?: string;
  selectRef?: Ref<HTMLSelectElement>;
};

/** A native select in the same frame as the text fields (label, hint, error). */
export function SelectField({
  id,
  label,
  value,
  onValueChange,
  options,
  placeholder,
  hint,
  error,
  selectRef,
  ...select
}: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <select
        ref={selectRef}
        className="form-field__input form-field__select"
        {...controlProps({ id, value, onValueChange, hint, error })}
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

type PasswordFieldProps = Omit<TextFieldProps, 'type'> & {
  /** id of extra help (the live checklist) for aria-describedby. */
  describedById?: string;
  children?: ReactNode;
};

/** A password input with a Show/Hide toggle (its name says which field it reveals). */
export function PasswordField({
  id,
  label,
  value,
  onValueChange,
  hint,
  error,
  inputRef,
  describedById,
  children,
  ...input
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <div className="password-input">
        <input
          ref={inputRef}
          className="form-field__input password-input__input"
          type={visible ? 'text' : 'password'}
          spellCheck={false}
          autoCapitalize="off"
          {...controlProps({ id, value, onValueChange, hint, error }, describedById)}
          {...input}
        />
        <button
          type="button"
          className="password-input__toggle"
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide' : 'Show'}
          <span className="visually-hidden"> {label.toLowerCase()}</span>
        </button>
      </div>
      {children}
    </FieldFrame>
  );
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onChange' | 'value'> & {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  hint?: ReactNode;
  error?: string;
};

/** A textarea in the same frame as {@link TextField} (label, hint, error). */
export function TextAreaField({
  id,
  label,
  value,
  onValueChange,
  hint,
  error,
  className,
  ...textarea
}: TextAreaFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <textarea
        className={`form-field__input${className ? ` ${className}` : ''}`}
        rows={3}
        {...controlProps({ id, value, onValueChange, hint, error })}
        {...textarea}
      />
    </FieldFrame>
  );
}

/**
 * The 6-digit code from the charity's authenticator app (two-step sign-in): one label and one set of input hints
 * wherever it is asked (signing in, turning two-step off, a refund). Spaces are allowed, as the app shows them.
 */
export function AuthenticatorCodeField(props: Omit<TextFieldProps, 'label'>) {
  return (
    <TextField
      label="Code from your authenticator app"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]*"
      maxLength={7}
      required
      {...props}
    />
  );
}
