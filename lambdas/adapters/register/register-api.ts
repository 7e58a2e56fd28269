import type { CharityDetail } from '@shared/api/schemas/register';
import { causeByCode, causeByDescription, causeCodes } from '@shared/causes';
import { day, num, str } from './fields';
import {
  NOT_REGISTERED,
  type RegisterFacts,
  type RegisterPort,
  type RegisterSearchHit,
  RegisterUnavailableError,
} from './port';

export const REGISTER_API_BASE_URL = 'https://api.charitycommission.gov.uk/register/api/';

type Json = Record<string, unknown>;

/**
 * The causes of a details answer's `who_what_where` (What / Who / How): each entry's `classification_code`
 * when the list has it, else its `classification_desc` read through the list; others are left out.
 */
export function apiCauses(r: Json): number[] {
  if (!Array.isArray(r.who_what_where)) return [];
  return causeCodes(
    (r.who_what_where as Json[]).map((w) => {
      const code = num(w.classification_code);
      if (code !== null && causeByCode(code)) return code;
      return causeByDescription(str(w.classification_desc) ?? '')?.code ?? 0;
    }),
  );
}

/**
 * The Commission's Register API adapter (production option). Sends the subscription key, throttles itself
 * to a few calls at once, times out, and reports 401/403/429/5xx/timeouts as RegisterUnavailableError.
 * A 404 means no match.
 */
export function createRegisterApi(opts: {
  apiKey: string;
  baseUrl?: string;
  timeoutMs?: number;
  maxConcurrent?: number;
  fetch?: typeof fetch;
}): RegisterPort {
  const base = (opts.baseUrl ?? REGISTER_API_BASE_URL).replace(/\/?$/, '/');
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 5000;
  let active = 0;
  const waiting: (() => void)[] = [];
  const slot = async () => {
    if (active >= (opts.maxConcurrent ?? 4)) await new Promise<void>((r) => waiting.push(r));
    active++;
  };
  const release = () => {
    active--;
    waiting.shift()?.();
  };

  async function get(path: string): Promise<unknown | null> {
    await slot();
    try {
      let res: Response;
      try {
        res = await doFetch(base + path, {
          headers: { 'Ocp-Apim-Subscription-Key': opts.apiKey, accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new RegisterUnavailableError(
          (error as Error)?.name === 'TimeoutError'
            ? 'The Register API did not answer in time'
            : 'The Register API could not be reached',
          { cause: error },
        );
      }
      if (res.status === 404) return null;
      if (res.status === 401 || res.status === 403)
        throw new RegisterUnavailableError(`The Register API refused the subscription key (${res.status})`);
      if (res.status === 429)
        throw new RegisterUnavailableError('The Register API rate limit was reached (429)');
      if (!res.ok) throw new RegisterUnavailableError(`The Register API answered ${res.status}`);
      try {
        return await res.json();
      } catch (error) {
        throw new RegisterUnavailableError('The Register API answered with something other than JSON', {
          cause: error,
        });
      }
    } finally {
      release();
    }
  }

  const toHit = (r: Json): RegisterSearchHit => ({
    registrationNumber: String(r.reg_charity_number),
    name: String(r.charity_name),
    isActive: true,
    registrationDate: day(r.date_of_registration),
    activities: null,
    website: str(r.web),
  });
  const isRegisteredMain = (r: Json) => r.reg_status === 'R' && Number(r.group_subsid_suffix ?? 0) === 0;

  async function details(regNo: string): Promise<Json | null> {
    const body = await get(`allcharitydetailsV2/${encodeURIComponent(regNo)}/0`);
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Json) : null;
  }

  return {
    async search(term, type, limit) {
      if (type === 'number') {
        const r = await details(term.trim());
        return r && isRegisteredMain(r) ? [toHit(r)] : [];
      }
      const body = await get(`searchCharityName/${encodeURIComponent(term.trim())}`);
      const rows = Array.isArray(body) ? (body as Json[]) : [];
      const wanted = term.trim().toLowerCase();
      return rows
        .filter(isRegisteredMain)
        .map((r, i) => ({ r, i, exact: String(r.charity_name).toLowerCase() === wanted }))
        .sort((a, b) => Number(b.exact) - Number(a.exact) || a.i - b.i)
        .slice(0, limit)
        .map(({ r }) => toHit(r));
    },
    async getDetails(regNo) {
      const r = await details(regNo);
      if (!r || Number(r.group_subsid_suffix ?? 0) !== 0) return null;
      const lines = [
        'address_line_one',
        'address_line_two',
        'address_line_three',
        'address_line_four',
        'address_line_five',
      ].map((k) => str(r[k]));
      const detail: CharityDetail = {
        name: String(r.charity_name),
        registrationNumber: String(r.reg_charity_number),
        isActive: r.reg_status === 'R',
        email: str(r.email),
        phone: str(r.phone),
        website: str(r.web),
        address: lines[0]
          ? {
              line1: lines[0],
              line2: lines[1] ?? null,
              line3: lines[2] ?? null,
              line4: lines[3] ?? null,
              line5: lines[4] ?? null,
              postcode: str(r.address_post_code),
            }
          : null,
        registrationDate: day(r.date_of_registration),
        removalDate: day(r.date_of_removal),
        income: num(r.latest_income),
        expenditure: num(r.latest_expenditure),
        trustees: Array.isArray(r.trustee_names)
          ? (r.trustee_names as Json[]).map((t) => str(t.trustee_name)).filter((t): t is string => !!t)
          : [],
        employees: null,
        volunteers: null,
        activities: Array.isArray(r.who_what_where)
          ? (r.who_what_where as Json[])
              .filter((w) => w.classification_type === 'What')
              .map((w) => str(w.classification_desc))
              .filter(Boolean)
              .join(', ') || null
          : null,
        objectives: null,
        areaOfOperation: Array.isArray(r.CharityAoOCountryContinent)
          ? (r.CharityAoOCountryContinent as Json[])
              .map((a) => str(a.country) ?? str(a.continent))
              .filter((a): a is string => !!a)
          : [],
        causes: apiCauses(r),
      };
      return detail;
    },
    async facts(registrationNumbers) {
      // One details call per number, a few at a time (the throttle): fine for a handful, slow for thousands.
      const answers = await Promise.all(
        registrationNumbers.map(async (n): Promise<[string, RegisterFacts]> => {
          const r = await details(n);
          return [
            n,
            r && isRegisteredMain(r)
              ? { causes: apiCauses(r), income: num(r.latest_income), registered: true }
              : NOT_REGISTERED,
          ];
        }),
      );
      return new Map(answers);
    },
  };
}
