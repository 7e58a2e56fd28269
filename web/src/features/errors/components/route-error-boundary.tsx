import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen } from './error-screen';
import { NotFound } from './not-found';

/** The router's errorElement: a 404 response is the not-found page, anything else the generic error screen. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (!notFound) console.error('Route error', error);
  }, [error, notFound]);
  return notFound ? <NotFound /> : <ErrorScreen />;
}
