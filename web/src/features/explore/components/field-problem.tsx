import { AuthIcon } from '@/components/ui/auth-icon';

/** A field's problem under it. */
export function FieldProblem({ id, message }: { id: string; message: string | null }) {
  return message ? (
    <p className="form-field__error" id={id} role="alert">
      <AuthIcon name="alert" size={16} className="form-field__error-icon" />
      <span>{message}</span>
    </p>
  ) : null;
}
