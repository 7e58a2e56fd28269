import { createBrowserRouter, type RouteObject } from 'react-router';
import { MinimalLayout } from '../components/layout/minimal-layout';
import { paths } from '../config/paths';
import { RouteErrorBoundary } from '../features/errors/components/route-error-boundary';
import { HomeRoute } from './routes/home';
import { RootRoute } from './routes/root';

/**
 * Pages render inside the site frame; a page that fails shows the error screen inside that frame.
 * The landing page is bundled eagerly; other pages are route modules loaded with `lazy` (a module
 * exporting `Component`, and optionally `loader` or `ErrorBoundary`), as the charity area will be.
 */
const pages: RouteObject[] = [
  { path: paths.home.path, element: <HomeRoute /> },
  ...(import.meta.env.DEV ? [{ path: '/dev/error', lazy: () => import('./routes/dev-error') }] : []),
  { path: '*', lazy: () => import('./routes/not-found') },
];

export const appRoutes: RouteObject[] = [
  {
    element: <RootRoute />,
    // Only when the frame itself fails: the error screen without it.
    errorElement: (
      <MinimalLayout>
        <RouteErrorBoundary />
      </MinimalLayout>
    ),
    // Nothing to show while a lazy route module loads on the first visit (it takes a moment).
    HydrateFallback: () => null,
    children: [{ errorElement: <RouteErrorBoundary />, children: pages }],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
