import { POSTCODE_DISTRICTS } from './postcode-districts-data';

/** A postcode district's centre, found for what was typed. */
export interface DistrictHit {
  latitude: number;
  longitude: number;
  /** "NW1 8NH" for a full postcode, "NW1 (postcode district)" for an outward code. */
  label: string;
}

/** What a typed text is as a postcode: a district's centre, a postcode we will not place (and why), or none. */
export type PostcodeLookup =
  | { kind: 'found'; hit: DistrictHit }
  | { kind: 'refused'; message: string }
  | { kind: 'not-a-postcode' };

/** Outward code: area letters, a district digit, then a digit or (London's sub-districts) a letter. */
const OUTWARD = /^[A-Z]{1,2}\d[A-Z\d]?$/;
/** A whole postcode, spaces taken out: outward, then the inward code (a digit and two letters). */
const FULL = /^([A-Z]{1,2}\d[A-Z\d]?)(\d[A-Z]{2})$/;
/** A whole postcode inside longer text ("10 Downing Street, London SW1A 2AA"). */
const FULL_IN_TEXT = /(?:^|[^A-Z\d])([A-Z]{1,2}\d[A-Z\d]?) ?(\d[A-Z]{2})(?![A-Z\d])/g;
const BFPO = /^BFPO ?\d{1,4}$/;

let table: Map<string, readonly [number, number]> | undefined;
/** The districts, unpacked on first use (3,000 entries: well under a millisecond). */
function districts(): Map<string, readonly [number, number]> {
  if (table) return table;
  table = new Map();
  for (const [area, rows] of Object.entries(POSTCODE_DISTRICTS)) {
    for (const row of rows.split(' ')) {
      const [district, lat, lng] = row.split(':');
      table.set(area + district, [Number(lat), Number(lng)]);
    }
  }
  return table;
}

/** The centre of an outward code ("NW1", "SW1A"), or undefined when there is no such district. */
export function districtCentre(outward: string): { latitude: number; longitude: number } | undefined {
  const point = districts().get(outward.toUpperCase());
  return point ? { latitude: point[0], longitude: point[1] } : undefined;
}

function found(outward: string, label: string): PostcodeLookup {
  const centre = districtCentre(outward);
  return centre
    ? { kind: 'found', hit: { ...centre, label } }
    : {
        kind: 'refused',
        message: `We could not find the postcode district ${outward}. Check the postcode, or try a town.`,
      };
}

/**
 * A UK postcode in what a donor typed, placed at its district's centre: a whole postcode ("nw1 8nh",
 * "NW18NH"), an outward code alone ("NW1", "SW1A") or a whole postcode at the end of an address. BFPO
 * numbers and GIR 0AA are postcodes for post, not places, and are refused with a reason; so is a postcode
 * whose district does not exist. Anything else is `not-a-postcode` (a town, say).
 */
export function lookUpPostcode(text: string): PostcodeLookup {
  const upper = text.toUpperCase().replace(/\s+/g, ' ').trim();
  const compact = upper.replace(/ /g, '');
  if (BFPO.test(upper) || compact === 'GIR0AA') {
    return {
      kind: 'refused',
      message: `${upper} is a postcode for post, not a place. Try a town or the postcode of where you are.`,
    };
  }
  const [, outward, inward] = FULL.exec(compact) ?? [];
  if (outward && inward) return found(outward, `${outward} ${inward}`);
  if (OUTWARD.test(compact)) return found(compact, `${compact} (postcode district)`);
  // An address: its last whole postcode, when there is one.
  const [, inTextOutward, inTextInward] = [...upper.matchAll(FULL_IN_TEXT)].at(-1) ?? [];
  if (inTextOutward && inTextInward && districtCentre(inTextOutward))
    return found(inTextOutward, `${inTextOutward} ${inTextInward}`);
  return { kind: 'not-a-postcode' };
}
