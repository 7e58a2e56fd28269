import { paths } from '@shared/site/paths';
import { type ComponentType, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { HomeRoute } from './routes/home';
import { RootRoute } from './routes/root';

/** A route module: loaded on its first visit, it exports the page as `Component`. */
interface RouteModule {
  Component: ComponentType;
}

function lazyRoute(load: () => Promise<RouteModule>): ComponentType {
  return lazy(() => load().then((module) => ({ default: module.Component })));
}

/**
 * Every page, inside the site frame (RootRoute: layout, error boundary, Suspense, scroll handling).
 * Declarative routes, not a data router: `createBrowserRouter` adds about 16 KB gzipped to every page,
 * which the landing page's 100 KB budget cannot afford. The landing page is bundled eagerly; every other
 * page is a lazily loaded route module, as the charity area will be.
 */
const pages: { path: string; Component: ComponentType }[] = [
  { path: paths.home.path, Component: HomeRoute },
  { path: paths.privacyPolicy.path, Component: lazyRoute(() => import('./routes/privacy-policy')) },
  { path: paths.termsOfService.path, Component: lazyRoute(() => import('./routes/terms-of-service')) },
  { path: paths.cookiePolicy.path, Component: lazyRoute(() => import('./routes/cookie-policy')) },
  { path: paths.verificationInfo.path, Component: lazyRoute(() => import('./routes/verification-info')) },
  { path: paths.joinWaitlist.path, Component: lazyRoute(() => import('./routes/join-waitlist')) },
  {
    path: paths.waitlistThankYou.path,
    Component: lazyRoute(() => import('./routes/waitlist-thank-you')),
  },
  {
    path: paths.financialTransparency.path,
    Component: lazyRoute(() => import('./routes/financial-transparency')),
  },
  { path: paths.fees.path, Component: lazyRoute(() => import('./routes/fees')) },
  { path: paths.charities.path, Component: lazyRoute(() => import('./routes/charities')) },
  { path: paths.charityPage.path, Component: lazyRoute(() => import('./routes/charity-page')) },
  {
    path: paths.charityThankYou.path,
    Component: lazyRoute(() => import('./routes/charity-thank-you')),
  },
  {
    path: paths.following.confirm.path,
    Component: lazyRoute(() => import('./routes/following-confirm')),
  },
  {
    path: paths.following.unsubscribe.path,
    Component: lazyRoute(() => import('./routes/following-unsubscribe')),
  },
  { path: paths.following.manage.path, Component: lazyRoute(() => import('./routes/following-manage')) },
  { path: paths.charity.support.path, Component: lazyRoute(() => import('./routes/charity-support')) },
  { path: paths.charity.register.path, Component: lazyRoute(() => import('./routes/charity-register')) },
  { path: paths.charity.signIn.path, Component: lazyRoute(() => import('./routes/charity-signin')) },
  {
    path: paths.charity.forgotPassword.path,
    Component: lazyRoute(() => import('./routes/charity-forgot-password')),
  },
  {
    path: paths.charity.resetPassword.path,
    Component: lazyRoute(() => import('./routes/charity-reset-password')),
  },
  { path: paths.charity.notMe.path, Component: lazyRoute(() => import('./routes/charity-not-me')) },
  {
    path: paths.charity.emailVerification.path,
    Component: lazyRoute(() => import('./routes/charity-email-verification')),
  },
  { path: paths.charity.dashboard.path, Component: lazyRoute(() => import('./routes/charity-dashboard')) },
  {
    path: paths.charity.accountSetup.path,
    Component: lazyRoute(() => import('./routes/charity-account-setup')),
  },
  { path: paths.charity.settings.path, Component: lazyRoute(() => import('./routes/charity-settings')) },
  { path: paths.charity.donations.path, Component: lazyRoute(() => import('./routes/charity-donations')) },
  {
    path: paths.charity.accountPreferences.path,
    Component: lazyRoute(() => import('./routes/charity-account-preferences')),
  },
  {
    path: paths.charity.preferences.profileImage.path,
    Component: lazyRoute(() => import('./routes/charity-preferences-profile-image')),
  },
  {
    path: paths.charity.preferences.payments.path,
    Component: lazyRoute(() => import('./routes/charity-preferences-payments')),
  },
  {
    path: paths.charity.preferences.displayName.path,
    Component: lazyRoute(() => import('./routes/charity-preferences-display-name')),
  },
  {
    path: paths.charity.preferences.email.path,
    Component: lazyRoute(() => import('./routes/charity-preferences-email')),
  },
  {
    path: paths.charity.preferences.notifications.path,
    Component: lazyRoute(() => import('./routes/charity-preferences-notifications')),
  },
  {
    path: paths.charity.preferences.branding.path,
    Component: lazyRoute(() => import('./routes/charity-preferences-branding')),
  },
  {
    path: paths.charity.preferences.location.path,
    Component: lazyRoute(() => import('./routes/charity-preferences-location')),
  },
  {
    path: paths.charity.preferences.causes.path,
    Component: lazyRoute(() => import('./routes/charity-preferences-causes')),
  },
  ...(import.meta.env.DEV
    ? [{ path: '/dev/error', Component: lazyRoute(() => import('./routes/dev-error')) }]
    : []),
  { path: '*', Component: lazyRoute(() => import('./routes/not-found')) },
];

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootRoute />}>
        {pages.map(({ path, Component }) => (
          <Route key={path} path={path} element={<Component />} />
        ))}
      </Route>
    </Routes>
  );
}
