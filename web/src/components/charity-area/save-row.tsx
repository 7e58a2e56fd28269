import type { ReactNode } from 'react';
import { Notice } from '@/components/ui/notice';

/** A form's failure (an alert, one paragraph a line) above its row of actions (Save, Cancel). */
export function SaveRow({
  failure,
  className = 'pref-form__actions',
  children,
}: {
  failure: string | readonly string[] | null | undefined;
  className?: string;
  children: ReactNode;
}) {
  const lines = typeof failure === 'string' ? [failure] : (failure ?? []);
  return (
    <>
      {lines.length ? (
        <Notice tone="error" role="alert">
          {lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </Notice>
      ) : null}
      <div className={className || undefined}>{children}</div>
    </>
  );
}

/** The success line after a save, read out politely. */
export function SavedMessage({ saved }: { saved: string | null | undefined }) {
  return (
    <div className="live-region" aria-live="polite">
      {saved ? (
        <Notice tone="success">
          <p>{saved}</p>
        </Notice>
      ) : null}
    </div>
  );
}
