import { createReadStream } from 'node:fs';

/**
 * Streams the records of a file holding one JSON array of objects (the Commission's extract format),
 * without holding the file in memory: each top-level object is cut out and parsed on its own. Tolerates a
 * byte-order mark, and strings containing braces, brackets, quotes and escapes.
 */
export async function* readJsonArray<T = Record<string, unknown>>(path: string): AsyncGenerator<T> {
  let pending = '';
  let started = false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let objectStart = -1;
  for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    const text = pending + (chunk as string);
    let i = 0;
    if (objectStart >= 0) {
      // `pending` holds the start of an object; resume scanning where the last chunk ended.
      i = pending.length;
      objectStart = 0;
    }
    const records: T[] = [];
    // Next backslash at or after i, found once per chunk rather than once per string.
    let nextBackslash = -2;
    for (; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (ch === 92 /* \ */) escaped = true;
        else if (ch === 34 /* " */) inString = false;
        else {
          // Jump to the next quote or backslash.
          const q = text.indexOf('"', i);
          if (nextBackslash !== -1 && nextBackslash < i) nextBackslash = text.indexOf('\\', i);
          const b = nextBackslash;
          const next = q < 0 ? b : b < 0 ? q : Math.min(q, b);
          if (next < 0) {
            i = text.length - 1;
          } else i = next - 1;
        }
        continue;
      }
      if (!started) {
        if (ch === 91 /* [ */) started = true;
        else if (ch !== 0xfeff && ch !== 32 && ch !== 10 && ch !== 13 && ch !== 9) {
          throw new Error(`${path} is not a JSON array of records`);
        }
        continue;
      }
      if (ch === 34) inString = true;
      else if (ch === 123 /* { */ || ch === 91 /* [ */) {
        if (depth === 0) objectStart = i;
        depth++;
      } else if (ch === 125 /* } */ || ch === 93 /* ] */) {
        if (depth === 0) {
          if (ch === 93) started = false; // end of the array
          continue;
        }
        depth--;
        if (depth === 0 && objectStart >= 0) {
          records.push(JSON.parse(text.slice(objectStart, i + 1)) as T);
          objectStart = -1;
        }
      }
    }
    pending = objectStart >= 0 ? text.slice(objectStart) : '';
    if (objectStart >= 0) objectStart = 0;
    yield* records;
  }
  if (pending.trim() || depth !== 0) throw new Error(`${path} ends in the middle of a record`);
}
