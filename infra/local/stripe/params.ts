import type { FormObject, FormValue } from './form';

/**
 * The parameters each stand-in endpoint accepts, checked as Stripe checks them: an unknown parameter,
 * a missing required one or a value of the wrong type is refused with Stripe's error shape and wording.
 */
export type Spec =
  | 'string'
  | 'integer'
  | 'boolean'
  /** Stripe's metadata: up to 50 keys, keys up to 40 and values up to 500 characters. */
  | 'metadata'
  | { enum: readonly string[] }
  | { object: Record<string, Field> }
  | { array: Spec };
export interface Field {
  spec: Spec;
  required?: boolean;
}
export type Shape = Record<string, Field>;

export interface ParamProblem {
  /** Stripe's code; a value of the wrong shape has none (Stripe sends only the message). */
  code?: 'parameter_unknown' | 'parameter_missing' | 'parameter_invalid_integer' | 'parameter_invalid_empty';
  param: string;
  message: string;
}

export const field = (spec: Spec, required = false): Field => ({ spec, required });

function check(spec: Spec, value: FormValue, param: string): ParamProblem | null {
  if (spec === 'string' || (typeof spec === 'object' && 'enum' in spec)) {
    if (typeof value !== 'string') return invalid(param);
    if (value === '')
      return {
        code: 'parameter_invalid_empty',
        param,
        message: `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`,
      };
    if (typeof spec === 'object' && !spec.enum.includes(value))
      return invalid(param, `Invalid ${param}: must be one of ${spec.enum.join(', ')}`);
    return null;
  }
  if (spec === 'integer') {
    if (typeof value !== 'string' || !/^-?\d+$/.test(value))
      return { code: 'parameter_invalid_integer', param, message: `Invalid integer: ${String(value)}` };
    return null;
  }
  if (spec === 'boolean') {
    return typeof value === 'string' && (value === 'true' || value === 'false')
      ? null
      : invalid(param, `Invalid boolean: ${String(value)}`);
  }
  if (spec === 'metadata') {
    if (typeof value !== 'object' || Array.isArray(value)) return invalid(param);
    const entries = Object.entries(value);
    if (entries.length > 50) return invalid(param, 'Metadata can have up to 50 keys.');
    for (const [key, item] of entries) {
      if (typeof item !== 'string') return invalid(`${param}[${key}]`);
      if (key.length > 40 || item.length > 500)
        return invalid(`${param}[${key}]`, 'Metadata keys are limited to 40 and values to 500 characters.');
    }
    return null;
  }
  if ('array' in spec) {
    if (!Array.isArray(value)) return invalid(param);
    for (const [i, item] of value.entries()) {
      const problem = check(spec.array, item, `${param}[${i}]`);
      if (problem) return problem;
    }
    return null;
  }
  if (typeof value !== 'object' || Array.isArray(value)) return invalid(param);
  return checkShape(spec.object, value, `${param}[`, ']');
}

function invalid(param: string, message = `Invalid value for ${param}.`): ParamProblem {
  return { param, message };
}

function checkShape(shape: Shape, values: FormObject, prefix = '', suffix = ''): ParamProblem | null {
  const name = (key: string) => (prefix ? `${prefix}${key}${suffix}` : key);
  for (const key of Object.keys(values)) {
    if (!(key in shape))
      return {
        code: 'parameter_unknown',
        param: name(key),
        message: `Received unknown parameter: ${name(key)}`,
      };
  }
  for (const [key, { spec, required }] of Object.entries(shape)) {
    const value = values[key];
    if (value === undefined) {
      if (required)
        return {
          code: 'parameter_missing',
          param: name(key),
          message: `Missing required param: ${name(key)}.`,
        };
      continue;
    }
    const problem = check(spec, value, name(key));
    if (problem) return problem;
  }
  return null;
}

/** The first problem with a request's parameters, or null. `expand` is accepted everywhere, as at Stripe. */
export function checkParams(shape: Shape, values: FormObject): ParamProblem | null {
  return checkShape({ ...shape, expand: field({ array: 'string' }) }, values);
}
