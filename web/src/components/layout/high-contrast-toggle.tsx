import { useHighContrast } from '@/hooks/use-high-contrast';

/** Turns high-contrast mode on and off for this device; its state is announced through aria-pressed. */
export function HighContrastToggle({ className }: { className?: string }) {
  const { enabled, toggle } = useHighContrast();
  return (
    <button
      type="button"
      className={['hc-toggle', className].filter(Boolean).join(' ')}
      aria-pressed={enabled}
      onClick={toggle}
    >
      <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
        <circle cx="10" cy="10" r="8.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path d="M10 1.75a8.25 8.25 0 0 1 0 16.5z" fill="currentColor" />
      </svg>
      <span>High contrast</span>
      <span className="hc-toggle__state" aria-hidden="true">
        {enabled ? 'On' : 'Off'}
      </span>
    </button>
  );
}
