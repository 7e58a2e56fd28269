/** Account preferences (charity-area spec, "Account Preferences"): the pages the app's route modules render. */
export { AccountPreferencesPage } from './components/account-preferences-page';
export { CausesPage } from './components/causes-page';
export { ComingSoonPreferencePage } from './components/coming-soon-page';
export { DisplayNamePage } from './components/display-name-page';
export { EmailPreferencesPage } from './components/email-preferences-page';
export { PaymentsPage } from './components/payments-page';
export { ProfileImagePage } from './components/profile-image-page';
