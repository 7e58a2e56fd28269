import type { ReactNode } from 'react';
import { AuthIcon, type AuthIconName } from './auth-icon';
import '@/components/charity-area/charity-auth.css';

/** A success, error or information message inside a card. */
export function Notice({
  tone,
  children,
  role,
  id,
}: {
  tone: 'success' | 'error' | 'info' | 'warning';
  children: ReactNode;
  role?: 'status' | 'alert';
  id?: string;
}) {
  const icon: AuthIconName = tone === 'success' ? 'check' : tone === 'info' ? 'mail' : 'alert';
  return (
    <div className={`notice notice--${tone}`} role={role} id={id}>
      <AuthIcon name={icon} className="notice__icon" />
      <div className="notice__body">{children}</div>
    </div>
  );
}
