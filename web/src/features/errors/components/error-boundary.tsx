import type { ClientErrorReport } from '@shared/api/schemas/public-pages';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../utils/report-error';

interface ErrorBoundaryProps {
  /** Which boundary caught it, in the console line and the report. */
  kind: ClientErrorReport['kind'];
  /** The console line's opening words. */
  logMessage: string;
  /** What shows instead of the children once something failed. */
  fallback: ReactNode;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/** Catches a render error below it: logs it, reports it (scrubbed) and shows the fallback. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(this.props.logMessage, error, info.componentStack);
    reportError(error, this.props.kind);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
