import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Layout } from '@/components/layout/layout';
import { ScrollOnNavigate } from '@/components/layout/scroll-on-navigate';
import { RouteErrorBoundary } from '@/features/errors/components/route-error-boundary';

/** The guided tour's sidebar: loaded only on charity pages, so the landing page never carries it. */
const TourHost = lazy(() => import('@/features/tour/components/tour-host'));
/** The unsaved-changes dialog: only charity pages have forms to guard. */
const UnsavedChangesHost = lazy(() => import('@/components/unsaved/unsaved-changes-host'));

/**
 * Root route: the site frame around every page. A page that fails shows the error screen inside the frame
 * (the boundary starts afresh on the next address); a page still loading shows a calm empty space.
 */
export function RootRoute() {
  const { pathname } = useLocation();
  return (
    <Layout>
      <RouteErrorBoundary key={pathname}>
        <Suspense fallback={<div className="page-loading" />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
      <ScrollOnNavigate />
      {pathname.startsWith('/charity/') ? (
        <Suspense fallback={null}>
          <TourHost />
        </Suspense>
      ) : null}
      {pathname.startsWith('/charity/') ? (
        <Suspense fallback={null}>
          <UnsavedChangesHost />
        </Suspense>
      ) : null}
    </Layout>
  );
}
