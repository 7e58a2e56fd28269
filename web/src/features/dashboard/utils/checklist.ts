import type { DashboardTab } from '@/lib/dashboard-tabs';

/** The four verification flags the setup checklist reads (charity-area spec, section 4). */
export interface ChecklistFlags {
  verified: boolean;
  finished_setting_up_account: boolean;
  valid_main_page: boolean;
  valid_explore_page: boolean;
}

export type ChecklistAction =
  | { kind: 'link'; href: string; label: string }
  | { kind: 'tab'; tab: DashboardTab; label: string };

export interface ChecklistItem {
  id: 'verification' | 'account-setup' | 'main-page' | 'explore-page';
  title: string;
  description: string;
  done: boolean;
  /** 'Complete' when done; otherwise 'Pending', 'Required' or 'Setup Required' (spec wording). */
  status: string;
  /** Where to go to finish it (shown while not done). */
  action: ChecklistAction;
}

export interface ChecklistLinks {
  emailVerification: string;
  accountPreferences: string;
}

export function checklistItems(flags: ChecklistFlags, links: ChecklistLinks): ChecklistItem[] {
  return [
    {
      id: 'verification',
      title: 'Verify your charity email',
      description: 'Confirm the 6-digit code we sent to the email the Charity Commission register holds.',
      done: flags.verified,
      status: flags.verified ? 'Complete' : 'Pending',
      action: { kind: 'link', href: links.emailVerification, label: 'Verify your charity email' },
    },
    {
      id: 'account-setup',
      title: 'Finish your account setup',
      description: 'Add your description and payment details so donations reach you.',
      done: flags.finished_setting_up_account,
      status: flags.finished_setting_up_account ? 'Complete' : 'Required',
      action: { kind: 'link', href: links.accountPreferences, label: 'Account Preferences' },
    },
    {
      id: 'main-page',
      title: 'Build your main page',
      description: 'The page donors see when they open your charity.',
      done: flags.valid_main_page,
      status: flags.valid_main_page ? 'Complete' : 'Setup Required',
      action: { kind: 'tab', tab: 'setup-main-page', label: 'Setup Main Page' },
    },
    {
      id: 'explore-page',
      title: 'Set up your explore view',
      description: 'How your charity appears while donors browse.',
      done: flags.valid_explore_page,
      status: flags.valid_explore_page ? 'Complete' : 'Setup Required',
      action: { kind: 'tab', tab: 'setup-explore-view', label: 'Setup Explore View' },
    },
  ];
}

/** The checklist is hidden once all four flags are true. */
export function checklistComplete(flags: ChecklistFlags): boolean {
  return (
    flags.verified && flags.finished_setting_up_account && flags.valid_main_page && flags.valid_explore_page
  );
}
