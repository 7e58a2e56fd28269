import * as z from 'zod';
import { causeBySlug } from '../../causes';
import { CHARITY_CAUSES_MAX, CharityCausesMessage } from '../../charity-causes';

/** A cause by its filter slug (`shared/src/causes.ts`), e.g. `poverty-relief`. */
const CauseSlug = z.string({ error: CharityCausesMessage.NotAList }).max(64, CharityCausesMessage.NotAList);

/**
 * `PUT /api/me/causes`: the charity's causes, 1 to {@link CHARITY_CAUSES_MAX} slugs of the register's list
 * (repeats count once). Read as the register's codes, sorted.
 */
export const SaveCharityCausesRequest = z
  .object({
    causes: z
      .array(CauseSlug, {
        error: (issue) =>
          issue.input === undefined ? CharityCausesMessage.NoneChosen : CharityCausesMessage.NotAList,
      })
      // Generous before repeats are dropped; the rule below counts distinct causes.
      .max(CHARITY_CAUSES_MAX * 4, CharityCausesMessage.TooMany)
      .transform((slugs, ctx) => {
        const codes = new Set<number>();
        for (const slug of slugs) {
          const cause = causeBySlug(slug.trim());
          if (!cause) {
            ctx.addIssue({ code: 'custom', message: CharityCausesMessage.Unknown(slug) });
            return z.NEVER;
          }
          codes.add(cause.code);
        }
        if (codes.size === 0) {
          ctx.addIssue({ code: 'custom', message: CharityCausesMessage.NoneChosen });
          return z.NEVER;
        }
        if (codes.size > CHARITY_CAUSES_MAX) {
          ctx.addIssue({ code: 'custom', message: CharityCausesMessage.TooMany });
          return z.NEVER;
        }
        return [...codes].sort((a, b) => a - b);
      }),
  })
  .strict();
export type SaveCharityCausesRequest = z.input<typeof SaveCharityCausesRequest>;

export const SaveCharityCausesResponse = z.object({
  success: z.literal(true),
  /** The causes now saved, as slugs, in the register's order. */
  causes: z.array(z.string()),
});
export type SaveCharityCausesResponse = z.infer<typeof SaveCharityCausesResponse>;

/** `GET /api/me/causes`: the charity's chosen causes, and the register's as the suggestion. */
export const GetCharityCausesResponse = z.object({
  success: z.literal(true),
  /** The causes the charity chose, as slugs in the register's order; null while it has never chosen. */
  causes: z.array(z.string()).nullable(),
  /** The register's classification of the charity (its causes until it chooses), as slugs. */
  register_causes: z.array(z.string()),
});
export type GetCharityCausesResponse = z.infer<typeof GetCharityCausesResponse>;
