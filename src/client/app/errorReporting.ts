/**
 * Reports errors seen in the browser to the server (spec 02 §8), which logs them and forwards
 * them to the error-reporting service. Reporting never throws: a failed report is dropped.
 * The signed-in user's id, name and client are added once sign-in exists (the report has room).
 */
import type { ClientErrorReport } from '../../shared/contracts/system';
import { api } from '../api/http';

/** Sends one error report. */
export function reportClientError(error: unknown, componentStack?: string): void {
  const err = error instanceof Error ? error : new Error(typeof error === 'string' ? error : JSON.stringify(error));
  const report: ClientErrorReport = {
    message: err.message || err.name,
    stack: err.stack?.slice(0, 30_000),
    url: window.location.href,
    user_agent: navigator.userAgent.slice(0, 512),
    ...(componentStack && { component_stack: componentStack.slice(0, 30_000) }),
  };
  api.post('/api/client-errors/', report).catch(() => undefined);
}

/** Reports uncaught errors and unhandled promise rejections. */
export function installGlobalErrorReporting(): void {
  window.addEventListener('error', (event) => reportClientError(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => reportClientError(event.reason));
}
