import { type BloomShape, bloomHas } from './bloom';
import { BREACHED_FILTER } from './filter-data';

const shape: BloomShape = { bits: BREACHED_FILTER.bits, hashes: BREACHED_FILTER.hashes };
let bits: Uint8Array | undefined;

/**
 * True when the password (in any letter case) is on the breached-password list (NIST SP 800-63B 5.1.1.2), or,
 * for about one allowed password in 1,000, looks as if it were. Loaded only by the functions that set a
 * password (through `wiring/passwords.ts`), on their first password check.
 */
export function isBreachedPassword(password: string): boolean {
  bits ??= new Uint8Array(Buffer.from(BREACHED_FILTER.data, 'base64'));
  return bloomHas(bits, shape, password);
}
