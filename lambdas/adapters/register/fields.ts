/** Readers for the register's loosely typed fields (extract rows and API answers alike). */

/** A trimmed, non-empty string (numbers as text), else null. */
export const str = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null;

/** A finite number, else null (empty strings too). */
export const num = (v: unknown): number | null =>
  v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? null : Number(v);

/** "1962-05-25T00:00:00" -> "1962-05-25". */
export const day = (v: unknown): string | null => str(v)?.slice(0, 10) ?? null;
