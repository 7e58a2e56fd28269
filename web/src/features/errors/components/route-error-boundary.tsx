import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../utils/report-error';
import { ErrorScreen } from './error-screen';

interface State {
  failed: boolean;
}

/**
 * Around each page: a render error (or a route module that fails to load) shows the generic error screen
 * inside the site frame. Keyed by the address in the root route, so moving on starts afresh.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Route error', error, info.componentStack);
    reportError(error, 'route');
  }

  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
