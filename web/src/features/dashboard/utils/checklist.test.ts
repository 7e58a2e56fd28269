import { checklistComplete, checklistItems } from './checklist';

const links = {
  emailVerification: '/charity/email-verification',
  accountPreferences: '/charity/account-preferences',
};
const none = {
  verified: false,
  finished_setting_up_account: false,
  valid_main_page: false,
  valid_explore_page: false,
};

describe('setup checklist', () => {
  it('uses the spec wording for unfinished items, with where to finish them', () => {
    const items = checklistItems(none, links);
    expect(items.map((i) => i.status)).toEqual(['Pending', 'Required', 'Setup Required', 'Setup Required']);
    expect(items.map((i) => i.action)).toEqual([
      { kind: 'link', href: '/charity/email-verification', label: 'Verify your charity email' },
      { kind: 'link', href: '/charity/account-preferences', label: 'Account Preferences' },
      { kind: 'tab', tab: 'setup-main-page', label: 'Setup Main Page' },
      { kind: 'tab', tab: 'setup-explore-view', label: 'Setup Explore View' },
    ]);
  });

  it('marks each finished item Complete on its own', () => {
    const items = checklistItems({ ...none, verified: true, valid_explore_page: true }, links);
    expect(items.map((i) => [i.id, i.done, i.status])).toEqual([
      ['verification', true, 'Complete'],
      ['account-setup', false, 'Required'],
      ['main-page', false, 'Setup Required'],
      ['explore-page', true, 'Complete'],
    ]);
  });

  it('is complete (hidden) only when all four flags are true', () => {
    const all = {
      verified: true,
      finished_setting_up_account: true,
      valid_main_page: true,
      valid_explore_page: true,
    };
    expect(checklistComplete(all)).toBe(true);
    for (const key of Object.keys(all) as (keyof typeof all)[]) {
      expect(checklistComplete({ ...all, [key]: false })).toBe(false);
    }
  });
});
