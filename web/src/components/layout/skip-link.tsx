import type { MouseEvent } from 'react';

export const MAIN_CONTENT_ID = 'main';

/** First focusable element of every page: jumps past the header to the main content. */
export function SkipLink() {
  // Focus moves by script so the router never sees a hash navigation.
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={onClick}>
      Skip to main content
    </a>
  );
}
