/**
 * Whether a charity may go live, without zod (re-exported by `api/schemas/charity-account.ts`): the charity
 * account functions use it at their start, where zod is not loaded.
 */
/** Going live needs all four: email verified, setup finished, valid main page, valid explore page. */
export function isLiveable(flags: {
  verified: boolean;
  finished_setting_up_account: boolean;
  valid_main_page: boolean;
  valid_explore_page: boolean;
}): boolean {
  return (
    flags.verified && flags.finished_setting_up_account && flags.valid_main_page && flags.valid_explore_page
  );
}
