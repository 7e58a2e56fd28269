import { evaluatePassword, PASSWORD_CHECKLIST } from '@shared/password';
import { FormIcon } from './form-icon';
import './form-field.css';

/** The live checklist of password rules and the Weak/Good/Strong bar (shared rules module). */
export function PasswordStrength({ id, password }: { id: string; password: string }) {
  const { checks, score, label } = evaluatePassword(password);
  const level = password ? label.toLowerCase() : 'empty';
  return (
    <div className="password-strength" id={id}>
      <div className="password-strength__meter">
        <div className="password-strength__track" aria-hidden="true">
          <div
            className={`password-strength__fill password-strength__fill--${level}`}
            style={{ width: `${(score / 5) * 100}%` }}
          />
        </div>
        <p className="password-strength__label">
          Strength: <strong>{password ? label : 'Not set'}</strong>
        </p>
      </div>
      <ul className="password-checklist" aria-label="Password requirements">
        {PASSWORD_CHECKLIST.map(({ key, label: text }) => {
          const met = password.length > 0 && checks[key];
          return (
            <li key={key} className={met ? 'is-met' : undefined}>
              <FormIcon name={met ? 'check' : 'cross'} className="password-checklist__icon" />
              <span>
                {text}
                <span className="visually-hidden">{met ? ' (done)' : ' (not yet)'}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
