import { Outlet, ScrollRestoration } from 'react-router';
import { Layout } from '../../components/layout/layout';

/** Root route: the site frame around every page, scroll position restored across navigations. */
export function RootRoute() {
  return (
    <Layout>
      <Outlet />
      <ScrollRestoration />
    </Layout>
  );
}
