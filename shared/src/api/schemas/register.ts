import * as z from 'zod';
import { SEARCH_TERM_MAX_LENGTH } from '../../register';
import { CanonicalRegistrationNumber } from './common';

const RegistrationNumber = CanonicalRegistrationNumber({
  required: 'Charity registration number is required',
  format: 'A charity registration number is made of digits only',
});

export const SearchCharitiesRequest = z
  .object({
    searchTerm: z
      .string({ error: 'Please enter a charity name or registration number' })
      .trim()
      .min(1, { error: 'Please enter a charity name or registration number' })
      .max(SEARCH_TERM_MAX_LENGTH, { error: `Please enter at most ${SEARCH_TERM_MAX_LENGTH} characters` }),
    searchType: z.enum(['name', 'number'], { error: 'searchType must be name or number' }),
  })
  .strict()
  .refine((v) => v.searchType === 'name' || /^\d+$/.test(v.searchTerm), {
    error: 'A number search takes digits only',
    path: ['searchTerm'],
  });
export type SearchCharitiesRequest = z.infer<typeof SearchCharitiesRequest>;

/** A search result (public-site spec, section 3), with the on-platform flag. */
export const CharitySearchResult = z.object({
  registrationNumber: z.string(),
  name: z.string(),
  isActive: z.boolean(),
  registrationDate: z.string().nullable(),
  /** What the charity does, shortened for a result card (the detail view has it whole). */
  activities: z.string().nullable(),
  website: z.string().nullable(),
  isOnKindred: z.boolean(),
  /** Live for donors on the platform (issue 45): the finder links to its page and Donate box. */
  isLive: z.boolean(),
});
export type CharitySearchResult = z.infer<typeof CharitySearchResult>;

export const SearchCharitiesResponse = z.object({
  success: z.literal(true),
  charities: z.array(CharitySearchResult),
});
export type SearchCharitiesResponse = z.infer<typeof SearchCharitiesResponse>;

export const GetCharityDetailsRequest = z
  .object({
    registrationNumber: RegistrationNumber,
    charityName: z.string().max(SEARCH_TERM_MAX_LENGTH).optional(),
    isActive: z.boolean().optional(),
  })
  .strict();
export type GetCharityDetailsRequest = z.infer<typeof GetCharityDetailsRequest>;

export const CharityAddress = z.object({
  line1: z.string(),
  line2: z.string().nullable(),
  line3: z.string().nullable(),
  line4: z.string().nullable(),
  line5: z.string().nullable(),
  postcode: z.string().nullable(),
});

/** Charity detail (public-site spec, section 3). Missing figures are null ("Not available" on screen). */
export const CharityDetail = z.object({
  name: z.string(),
  registrationNumber: z.string(),
  isActive: z.boolean(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  address: CharityAddress.nullable(),
  registrationDate: z.string().nullable(),
  removalDate: z.string().nullable(),
  income: z.number().nullable(),
  expenditure: z.number().nullable(),
  trustees: z.array(z.string()),
  employees: z.number().nullable(),
  volunteers: z.number().nullable(),
  activities: z.string().nullable(),
  objectives: z.string().nullable(),
  areaOfOperation: z.array(z.string()),
  /** The register's classification codes, What / Who / How, in list order (`shared/src/causes.ts`). */
  causes: z.array(z.number().int()),
});
export type CharityDetail = z.infer<typeof CharityDetail>;

export const GetCharityDetailsResponse = z.object({
  success: z.literal(true),
  charity: CharityDetail,
});
export type GetCharityDetailsResponse = z.infer<typeof GetCharityDetailsResponse>;
