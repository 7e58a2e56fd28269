import type { MutableRefObject } from 'react';
import { describedBy, FieldFrame } from '@/components/form/form-field';
import { type TemplateField, textareaRows } from '../utils/page-form';

interface PageTextFieldsProps {
  id: string;
  fields: readonly TemplateField[];
  content: Record<string, string>;
  busy: boolean;
  errorOf: (name: string) => string | undefined;
  fieldRefs: MutableRefObject<Record<string, HTMLTextAreaElement | HTMLInputElement | null>>;
  onValue: (name: string, value: string) => void;
  onBlur: (name: string) => void;
}

/** The template's text fields, in its order, each with its counter. */
export function PageTextFields({
  id,
  fields,
  content,
  busy,
  errorOf,
  fieldRefs,
  onValue,
  onBlur,
}: PageTextFieldsProps) {
  return fields.map(({ name, definition, required }) => {
    const fieldId = `${id}-${name}`;
    const value = content[name] ?? '';
    const error = errorOf(name);
    const counterId = `${fieldId}-counter`;
    const common = {
      id: fieldId,
      className: 'form-field__input',
      value,
      maxLength: definition.max_length,
      placeholder: definition.placeholder,
      required,
      disabled: busy,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy(fieldId, null, error, counterId),
      onBlur: () => onBlur(name),
    } as const;
    return (
      <FieldFrame
        key={name}
        id={fieldId}
        label={required ? definition.label : `${definition.label} (optional)`}
        error={error}
      >
        {definition.type === 'textarea' ? (
          <textarea
            {...common}
            ref={(el) => {
              fieldRefs.current[name] = el;
            }}
            rows={textareaRows(definition.max_length)}
            className="form-field__input mp-textarea"
            onChange={(event) => onValue(name, event.target.value)}
          />
        ) : (
          <input
            {...common}
            ref={(el) => {
              fieldRefs.current[name] = el;
            }}
            type="text"
            onChange={(event) => onValue(name, event.target.value)}
          />
        )}
        <p id={counterId} className="mp-counter">
          {value.length}/{definition.max_length} characters
        </p>
      </FieldFrame>
    );
  });
}
