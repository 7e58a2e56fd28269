import { paths } from '@shared/site/paths';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { HighContrastToggle } from './high-contrast-toggle';
import { SectionLink } from './section-link';
import { sectionNavItems } from './section-nav';

/**
 * The header's dropdown menu, an accessible disclosure: a button with aria-expanded that shows a list of
 * links. Escape closes it and returns focus to the button; so do a click outside and focus leaving it.
 * Choosing a section scrolls there and closes the menu. On small screens it also offers high contrast.
 */
export function SiteMenu() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    // Tabbing out of the menu closes it too.
    const onFocusIn = (event: FocusEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [open]);

  const close = () => setOpen(false);

  return (
    <div className="site-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="site-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
          {open ? (
            <path d="m5 5 10 10M15 5 5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          ) : (
            <path
              d="M3 5.5h14M3 10h14M3 14.5h14"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          )}
        </svg>
        <span>Menu</span>
      </button>
      <div id={panelId} className="site-menu__panel" hidden={!open}>
        <nav aria-label="Site">
          <ul className="site-menu__list">
            {sectionNavItems.map(({ section, label }) => (
              <li key={section}>
                <SectionLink section={section} className="site-menu__link" onNavigate={close}>
                  {label}
                </SectionLink>
              </li>
            ))}
            {/* The header's toggle is hidden below 48rem: phones find high contrast here. */}
            <li className="site-menu__hc">
              <HighContrastToggle className="site-menu__hc-toggle" />
            </li>
            <li className="site-menu__signin">
              <Link to={paths.charity.signIn.getHref()} className="site-menu__link" onClick={close}>
                Charity Sign In
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </div>
  );
}
