/**
 * Reads and checks the environment once, at cold start. A missing or malformed variable throws here,
 * naming every problem, instead of failing mid-request.
 *
 * Deliberately not zod: every function checks its environment while its module loads, and zod (about
 * 90 KB minified, 15-20 ms to evaluate) would then be on every cold start's critical path; the request
 * schemas that do need it are loaded with the route on the first request (`lib/api-handler.ts`). The rules
 * below are the few that environments need.
 */

/** One variable's rule: its value, or a thrown {@link EnvProblem} saying what is wrong. */
export type EnvRule<T> = (raw: string | undefined) => T;
export type EnvShape = Record<string, EnvRule<unknown>>;
type Value<S extends EnvShape, K extends keyof S> = ReturnType<S[K]>;
type MaybeUnset<S extends EnvShape> = {
  [K in keyof S]: undefined extends Value<S, K> ? K : never;
}[keyof S];
/** The checked values: a variable whose rule allows it unset is an optional key (as zod infers it). */
export type EnvValues<S extends EnvShape> = { [K in Exclude<keyof S, MaybeUnset<S>>]: Value<S, K> } & {
  [K in MaybeUnset<S>]?: Value<S, K>;
};

/** A check across variables: undefined when fine, else the variable to blame and the message. */
type CrossCheck<S extends EnvShape> = (
  env: EnvValues<S>,
) => [field: keyof S & string, message: string] | undefined;

export interface EnvSchema<S extends EnvShape> {
  readonly shape: S;
  readonly checks: ReadonlyArray<CrossCheck<S>>;
  /** The same variables plus `more` (a later rule of the same name wins). */
  extend<M extends EnvShape>(more: M): EnvSchema<Omit<S, keyof M> & M>;
  /** Adds a check across variables, run when every variable is valid. */
  refine(check: CrossCheck<S>): EnvSchema<S>;
  /** {@link readEnv} of `source`. */
  parse(source: NodeJS.ProcessEnv): EnvValues<S>;
  /** {@link readEnv} of `source` without throwing. */
  safeParse(
    source: NodeJS.ProcessEnv,
  ): { success: true; data: EnvValues<S> } | { success: false; error: Error };
}

/** The checked values of a schema. */
export type EnvOf<E extends { shape: EnvShape }> = EnvValues<E['shape']>;

class EnvProblem extends Error {}

export function envSchema<S extends EnvShape>(
  shape: S,
  checks: ReadonlyArray<CrossCheck<S>> = [],
): EnvSchema<S> {
  const schema: EnvSchema<S> = {
    shape,
    checks,
    // Checks across variables are not carried over (zod, before, refused to extend a refined object).
    extend: <M extends EnvShape>(more: M) => envSchema<Omit<S, keyof M> & M>({ ...shape, ...more }),
    refine: (check) => envSchema(shape, [...checks, check]),
    parse: (source) => readEnv(schema, source),
    safeParse: (source) => {
      try {
        return { success: true, data: readEnv(schema, source) };
      } catch (error) {
        return { success: false, error: error as Error };
      }
    },
  };
  return schema;
}

const required = (raw: string | undefined): string => {
  if (raw === undefined) throw new EnvProblem('Required');
  if (raw === '') throw new EnvProblem('Must not be empty');
  return raw;
};

function isUrl(raw: string): boolean {
  try {
    new URL(raw);
    return true;
  } catch {
    return false;
  }
}

/** A value of the given default when unset, else checked by `rule`. */
const withDefault =
  <T>(rule: EnvRule<T>, fallback: T | undefined): EnvRule<T> =>
  (raw) =>
    raw === undefined && fallback !== undefined ? fallback : rule(raw);

/** The rules: `rule.text()` is a required non-empty string, and so on. */
export const rule = {
  /** A non-empty string. */
  text: (fallback?: string): EnvRule<string> => withDefault(required, fallback),
  /** A string that may be unset (an empty one counts as set). */
  optional: (): EnvRule<string | undefined> => (raw) => raw,
  /** A string, `fallback` when unset (an empty one counts as set). */
  string:
    (fallback: string): EnvRule<string> =>
    (raw) =>
      raw ?? fallback,
  /** A non-empty string that may be unset (an empty one is an error, as zod's `.min(1).optional()`). */
  optionalText: (): EnvRule<string | undefined> => (raw) => (raw === undefined ? undefined : required(raw)),
  /** An absolute URL. */
  url: (fallback?: string): EnvRule<string> =>
    withDefault((raw) => {
      if (!isUrl(required(raw))) throw new EnvProblem('Invalid URL');
      return raw as string;
    }, fallback),
  /** An absolute URL that may be unset. */
  optionalUrl: (): EnvRule<string | undefined> => (raw) => (raw === undefined ? undefined : rule.url()(raw)),
  /** An email address. */
  email: (): EnvRule<string> => (raw) => {
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(required(raw))) throw new EnvProblem('Invalid email address');
    return raw as string;
  },
  /** One of `values`. */
  oneOf:
    <const V extends readonly string[]>(values: V, fallback?: V[number]): EnvRule<V[number]> =>
    (raw) => {
      const value = raw === undefined ? fallback : raw;
      if (value === undefined) throw new EnvProblem('Required');
      if (!values.includes(value)) throw new EnvProblem(`Must be one of: ${values.join(', ')}`);
      return value;
    },
  /** A whole number within [min, max]. */
  int: (opts: { min: number; max: number; fallback?: number }): EnvRule<number> =>
    withDefault((raw) => {
      const value = Number(required(raw));
      if (!Number.isInteger(value)) throw new EnvProblem('Must be a whole number');
      if (value < opts.min || value > opts.max)
        throw new EnvProblem(`Must be between ${opts.min} and ${opts.max}`);
      return value;
    }, opts.fallback),
};

export function readEnv<S extends EnvShape>(
  schema: EnvSchema<S>,
  source: NodeJS.ProcessEnv = process.env,
): EnvValues<S> {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, rule] of Object.entries(schema.shape)) {
    try {
      values[name] = rule(source[name]);
    } catch (error) {
      if (!(error instanceof EnvProblem)) throw error;
      problems.push(`${name}: ${error.message}`);
    }
  }
  if (!problems.length) {
    for (const check of schema.checks) {
      const problem = check(values as EnvValues<S>);
      if (problem) problems.push(`${problem[0]}: ${problem[1]}`);
    }
  }
  if (problems.length) throw new Error(`Invalid function environment: ${problems.join('; ')}`);
  return values as EnvValues<S>;
}

/** Variables every function gets. */
export const BaseEnv = envSchema({
  AWS_REGION: rule.text(),
  TABLE_NAME: rule.text(),
  SERVICE_NAME: rule.text('kindred'),
});

/** Variables of the functions that manage accounts (identity, mail, media). */
export const AccountEnv = BaseEnv.extend({
  USER_POOL_ID: rule.text(),
  CHARITY_CLIENT_ID: rule.text(),
  SES_SENDER: rule.email(),
  /** The SES configuration set (deployed stacks); absent locally. */
  SES_CONFIGURATION_SET: rule.optionalText(),
  SITE_URL: rule.url(),
  MEDIA_BUCKET: rule.text(),
});

/** Variables of the functions that read or write charity media. */
export const MediaEnv = BaseEnv.extend({
  MEDIA_BUCKET: rule.text(),
});

/** Variables of the finder's search: how often its in-memory list of on-platform numbers is refreshed. */
export const SearchEnv = BaseEnv.extend({
  ON_PLATFORM_REFRESH_SECONDS: rule.int({ min: 1, max: 3600, fallback: 60 }),
});
