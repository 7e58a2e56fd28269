import type { MouseEvent } from 'react';
import { scrollToSection } from '@/components/layout/section-nav';
import { buttonClassName } from '@/components/ui/button';
import { GIVE_HEADING_ID } from './giving-panel';

/** To the box, smoothly unless less motion is asked for, with focus on its heading (no hash in the address). */
function toBox(event: MouseEvent<HTMLAnchorElement>) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  if (scrollToSection(GIVE_HEADING_ID)) event.preventDefault();
}

/**
 * The first thing a keyboard reaches on the page (shown when focused, as the site's skip link): the box sits
 * after the whole story.
 */
export function DonateSkipLink() {
  return (
    <a className="skip-link" href={`#${GIVE_HEADING_ID}`} onClick={toBox}>
      Skip to the donation form
    </a>
  );
}

/**
 * On a phone the box is below the story and the feed: a bar held at the bottom of the screen while the story
 * scrolls by, resting just above the box when it arrives (sticky at the end of the story column, so it never
 * covers the box or the footer). Hidden where the box sits beside the story.
 */
export function DonateBar({ charityName }: { charityName: string }) {
  return (
    <div className="donate-bar">
      <p className="donate-bar__text">
        <span className="donate-bar__name">{charityName}</span>
        <span className="donate-bar__note">No platform fee</span>
      </p>
      <a
        className={buttonClassName({ variant: 'primary', className: 'donate-bar__button' })}
        href={`#${GIVE_HEADING_ID}`}
        onClick={toBox}
      >
        Donate<span className="visually-hidden"> to {charityName}</span>
      </a>
    </div>
  );
}
