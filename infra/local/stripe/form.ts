/**
 * Stripe's form encoding: `a[b][c]=1`, `items[0][name]=x`. Decodes into nested objects and arrays, refusing
 * what Stripe refuses (a key used both as a value and as an object, array indexes with gaps).
 */
export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

export class FormError extends Error {
  constructor(
    message: string,
    readonly param: string,
  ) {
    super(message);
  }
}

function pathOf(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) throw new FormError(`Invalid parameter name: ${key}`, key);
  const rest = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '');
  return [match[1] ?? '', ...rest];
}

/** Decodes a form body (or a query string) into nested values. */
export function decodeForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = pathOf(key);
    let node: FormObject = root;
    for (let i = 0; i < path.length; i++) {
      const part = path[i] ?? '';
      const last = i === path.length - 1;
      if (last) {
        if (typeof node[part] === 'object') throw new FormError(`Invalid value for ${key}`, key);
        node[part] = value;
      } else {
        const next = node[part];
        if (typeof next === 'string') throw new FormError(`Invalid value for ${key}`, key);
        node[part] ??= {};
        node = node[part] as FormObject;
      }
    }
  }
  return arraysOf(root) as FormObject;
}

/** Objects whose keys are all 0..n-1 become arrays. */
function arraysOf(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted: FormObject = {};
  for (const key of keys) converted[key] = arraysOf(value[key] as FormValue);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    const sorted = keys.map(Number).sort((a, b) => a - b);
    if (sorted.some((n, i) => n !== i))
      throw new FormError('Array indexes must start at 0 with no gaps', keys[0] ?? '');
    return sorted.map((n) => converted[String(n)] as FormValue);
  }
  return converted;
}
