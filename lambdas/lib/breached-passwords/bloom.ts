import { createHash } from 'node:crypto';

/**
 * A Bloom filter over normalised passwords (NFKC, lower case): `hashes` bit positions per entry in `bits` bits,
 * from two 32-bit halves of the SHA-256 of the normalised text (Kirsch-Mitzenmacher double hashing). The same
 * code builds the filter (scripts/build-breached-filter.ts) and reads it.
 */
export interface BloomShape {
  /** Number of bits. */
  bits: number;
  /** Bit positions per entry. */
  hashes: number;
}

/** What is compared: the same password in any letter case is the same entry. */
export const normalisePassword = (password: string): string => password.normalize('NFKC').toLowerCase();

export function bloomPositions(password: string, shape: BloomShape): number[] {
  const digest = createHash('sha256').update(normalisePassword(password), 'utf8').digest();
  const h1 = digest.readUInt32BE(0);
  const h2 = (digest.readUInt32BE(4) | 1) >>> 0;
  return Array.from({ length: shape.hashes }, (_, i) => (h1 + i * h2) % shape.bits);
}

/** The optimal shape for `entries` at a false-positive rate `rate`. */
export function bloomShapeFor(entries: number, rate: number): BloomShape {
  const bits = Math.ceil((-entries * Math.log(rate)) / Math.LN2 ** 2);
  return { bits, hashes: Math.max(1, Math.round((bits / entries) * Math.LN2)) };
}

export function buildBloom(entries: Iterable<string>, shape: BloomShape): Uint8Array {
  const filter = new Uint8Array(Math.ceil(shape.bits / 8));
  for (const entry of entries)
    for (const p of bloomPositions(entry, shape))
      filter[p >> 3] = (filter[p >> 3] as number) | (1 << (p & 7));
  return filter;
}

export function bloomHas(filter: Uint8Array, shape: BloomShape, password: string): boolean {
  return bloomPositions(password, shape).every((p) => ((filter[p >> 3] as number) & (1 << (p & 7))) !== 0);
}
