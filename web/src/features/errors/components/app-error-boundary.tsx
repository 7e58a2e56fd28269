import { Component, type ErrorInfo, type ReactNode } from 'react';
import { MinimalLayout } from '@/components/layout/minimal-layout';
import { reportError } from '../utils/report-error';
import { ErrorScreen } from './error-screen';

interface State {
  failed: boolean;
}

/** Top-level boundary: anything that fails outside the router's own boundaries ends on the error screen. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unhandled error in the app', error, info.componentStack);
    reportError(error, 'app');
  }

  override render() {
    if (this.state.failed) {
      return (
        <MinimalLayout>
          <ErrorScreen />
        </MinimalLayout>
      );
    }
    return this.props.children;
  }
}
