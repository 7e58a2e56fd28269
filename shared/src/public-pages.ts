/** Facts of a charity's public page shared by the API, the share document and the web page. */

/** The charity's entry on the Charity Commission's register of charities. */
export function registerEntryUrl(registrationNumber: string): string {
  return `https://register-of-charities.charitycommission.gov.uk/charity-search/-/charity-details/${encodeURIComponent(registrationNumber)}`;
}

/** The note beside the registered name and number, linking to the register entry. */
export const VETTED_NOTE = 'Vetted against the Charity Commission register';

/**
 * Alt text for a photo or video whose charity wrote none (issue 19 adds the charity's own words): it says
 * whose it is, never nothing.
 */
export function fallbackAlt(mediaType: 'image' | 'video', displayName: string): string {
  return `${mediaType === 'video' ? 'Video' : 'Photo'} from ${displayName}`;
}

/**
 * A charity page's name in titles and link previews: the display name the charity chose, with the registered
 * name and number the register holds, so a shared link never carries a chosen name alone.
 */
export function charityPageTitle(charity: {
  display_name: string;
  registered_name: string;
  registration_number: string;
}): string {
  const display = charity.display_name.trim();
  const registered = charity.registered_name.trim();
  const named =
    display && display.toLowerCase() !== registered.toLowerCase() ? `${display}, ${registered}` : registered;
  return `${named} (registered charity ${charity.registration_number})`;
}

/** The path of a charity's public page (also in the web's `paths.charityPage`). */
export function charityPagePath(registrationNumber: string): string {
  return `/charities/${encodeURIComponent(registrationNumber)}`;
}

/**
 * The id of the charity page's giving box heading (the page's Donate shortcuts and `/charities` cards link to
 * `/charities/<number>#give`).
 */
export const GIVE_SECTION_ID = 'give';

/** A charity page opened at its giving box (the Donate link of a `/charities` card). */
export function charityDonatePath(registrationNumber: string): string {
  return `${charityPagePath(registrationNumber)}#${GIVE_SECTION_ID}`;
}

/** The rate counter scope of client error reports (its items are the reporter's only table items). */
export const CLIENT_ERROR_RATE_SCOPE = 'CLIENT_ERROR';
/** Client error reports each address may send per 10 minutes. */
export const CLIENT_ERROR_RATE = { window: 600, limit: 20 } as const;
/** Client error reports logged per 10 minutes from everyone together (a flood of addresses cannot fill the logs). */
export const CLIENT_ERROR_PLATFORM_RATE = { window: 600, limit: 500 } as const;
export const CLIENT_ERROR_RATE_MESSAGE = 'Too many error reports. Please try again later.';
/** CloudWatch namespace and metric of client error reports (name an alarm on it). */
export const CLIENT_ERROR_METRIC = { namespace: 'Kindred', name: 'ClientErrors' } as const;
