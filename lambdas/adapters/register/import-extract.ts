import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { causeByCode, causeByDescription } from '@shared/causes';
import type { IndexedCharity, RegisterRecord } from './build-index';
import { day, num, str } from './fields';
import { readJsonArray } from './json-array-reader';

/** The extract files read, by table. Only the charity table is required. */
export const EXTRACT_FILES = {
  charity: 'publicextract.charity.json',
  trustee: 'publicextract.charity_trustee.json',
  areaOfOperation: 'publicextract.charity_area_of_operation.json',
  governingDocument: 'publicextract.charity_governing_document.json',
  partA: 'publicextract.charity_annual_return_parta.json',
  partB: 'publicextract.charity_annual_return_partb.json',
  classification: 'publicextract.charity_classification.json',
} as const;

/** At most this many distinct unknown classification codes are listed in the import's stats. */
const UNKNOWN_CODES_LISTED = 20;

type Row = Record<string, unknown>;

interface Pending {
  regNo: number;
  detail: RegisterRecord;
  causes: number[];
  trustees: { name: string; chair: boolean }[];
  areas: string[];
  volunteersAt: string;
  employeesAt: string;
}

export interface ImportStats {
  rows: number;
  registeredMain: number;
  trustees: number;
  areas: number;
  governingDocuments: number;
  annualReturns: number;
  /** Classification rows read into causes, and rows whose code is not on the list (ignored). */
  classifications: number;
  unknownClassifications: number;
  unknownClassificationCodes: string[];
  extractDate: string;
  optionalTablesMissing: string[];
}

/**
 * Reads the Commission's JSON extract from `dir` and assembles every registered main charity (status
 * Registered, linked_charity_number 0) with its details from the related tables. Streams each file.
 */
export async function importExtract(
  dir: string,
): Promise<{ charities: IndexedCharity[]; stats: ImportStats }> {
  const charityFile = join(dir, EXTRACT_FILES.charity);
  if (!existsSync(charityFile)) throw new Error(`${charityFile} is missing: the charity table is required`);
  const byOrg = new Map<number, Pending>();
  const stats: ImportStats = {
    rows: 0,
    registeredMain: 0,
    trustees: 0,
    areas: 0,
    governingDocuments: 0,
    annualReturns: 0,
    classifications: 0,
    unknownClassifications: 0,
    unknownClassificationCodes: [],
    extractDate: '',
    optionalTablesMissing: [],
  };

  for await (const r of readJsonArray<Row>(charityFile)) {
    stats.rows++;
    if (!stats.extractDate) stats.extractDate = day(r.date_of_extract) ?? '';
    const regNo = num(r.registered_charity_number);
    const org = num(r.organisation_number);
    const name = str(r.charity_name);
    if (regNo === null || org === null || !name) continue;
    if ((num(r.linked_charity_number) ?? 0) !== 0) continue;
    if (str(r.charity_registration_status) !== 'Registered') continue;
    const line1 = str(r.charity_contact_address1);
    byOrg.set(org, {
      regNo,
      causes: [],
      trustees: [],
      areas: [],
      volunteersAt: '',
      employeesAt: '',
      detail: {
        name,
        registrationNumber: String(regNo),
        isActive: true,
        email: str(r.charity_contact_email),
        phone: str(r.charity_contact_phone),
        website: str(r.charity_contact_web),
        address: line1
          ? {
              line1,
              line2: str(r.charity_contact_address2),
              line3: str(r.charity_contact_address3),
              line4: str(r.charity_contact_address4),
              line5: str(r.charity_contact_address5),
              postcode: str(r.charity_contact_postcode),
            }
          : null,
        registrationDate: day(r.date_of_registration),
        removalDate: day(r.date_of_removal),
        income: num(r.latest_income),
        expenditure: num(r.latest_expenditure),
        trustees: [],
        employees: null,
        volunteers: null,
        activities: str(r.charity_activities),
        objectives: null,
        areaOfOperation: [],
      },
    });
  }
  stats.registeredMain = byOrg.size;

  const each = async (file: string, visit: (row: Row, p: Pending) => void) => {
    const path = join(dir, file);
    if (!existsSync(path)) {
      stats.optionalTablesMissing.push(file);
      return;
    }
    for await (const row of readJsonArray<Row>(path)) {
      const p = byOrg.get(num(row.organisation_number) ?? -1);
      if (p && (num(row.linked_charity_number) ?? 0) === 0) visit(row, p);
    }
  };
  await each(EXTRACT_FILES.trustee, (row, p) => {
    const name = str(row.trustee_name);
    if (!name) return;
    stats.trustees++;
    p.trustees.push({ name, chair: row.trustee_is_chair === true || row.trustee_is_chair === 'True' });
  });
  await each(EXTRACT_FILES.areaOfOperation, (row, p) => {
    const area = str(row.geographic_area_description);
    if (area && !p.areas.includes(area)) {
      stats.areas++;
      p.areas.push(area);
    }
  });
  await each(EXTRACT_FILES.governingDocument, (row, p) => {
    const objects = str(row.charitable_objects);
    if (objects) {
      stats.governingDocuments++;
      p.detail.objectives = objects;
    }
  });
  // Annual returns: one row per reporting year; the latest period wins.
  await each(EXTRACT_FILES.partA, (row, p) => {
    const at = str(row.fin_period_end_date) ?? '';
    const volunteers = num(row.count_volunteers);
    if (volunteers !== null && at >= p.volunteersAt) {
      stats.annualReturns++;
      p.volunteersAt = at;
      p.detail.volunteers = volunteers;
    }
  });
  await each(EXTRACT_FILES.partB, (row, p) => {
    const at = str(row.fin_period_end_date) ?? '';
    const employees = num(row.count_employees);
    if (employees !== null && at >= p.employeesAt) {
      stats.annualReturns++;
      p.employeesAt = at;
      p.detail.employees = employees;
    }
  });
  // What / Who / How: the code where the row has one, else its description, read through the list.
  await each(EXTRACT_FILES.classification, (row, p) => {
    const code = num(row.classification_code);
    const known =
      code !== null ? causeByCode(code) : causeByDescription(str(row.classification_description) ?? '');
    if (!known) {
      stats.unknownClassifications++;
      const shown = String(code ?? str(row.classification_description));
      const listed = stats.unknownClassificationCodes;
      if (listed.length < UNKNOWN_CODES_LISTED && !listed.includes(shown)) listed.push(shown);
      return;
    }
    stats.classifications++;
    if (!p.causes.includes(known.code)) p.causes.push(known.code);
  });

  const charities: IndexedCharity[] = [];
  for (const p of byOrg.values()) {
    // The chair first, then the others in the register's order.
    p.detail.trustees = [...p.trustees.filter((t) => t.chair), ...p.trustees.filter((t) => !t.chair)].map(
      (t) => t.name,
    );
    p.detail.areaOfOperation = p.areas;
    charities.push({ regNo: p.regNo, detail: p.detail, causes: p.causes.sort((a, b) => a - b) });
  }
  return { charities, stats };
}
