/**
 * Reports errors seen in the browser to the server (spec 02 §8), which logs them and forwards
 * them to the error-reporting service. Reporting never throws: a failed report is dropped.
 */
import type { ClientErrorReport } from '../../shared/contracts/system';
import { api } from '../api/http';

type ReportUser = Pick<ClientErrorReport, 'user_id' | 'user_name' | 'client_name'>;
let reportUser: ReportUser = {};

/** Sets (or with `{}` clears) the signed-in user every report carries. */
export function setErrorReportUser(user: ReportUser): void {
  reportUser = user;
}

/** Sends one error report. */
export function reportClientError(error: unknown, componentStack?: string): void {
  const err = error instanceof Error ? error : new Error(typeof error === 'string' ? error : JSON.stringify(error));
  const report: ClientErrorReport = {
    message: err.message || err.name,
    stack: err.stack?.slice(0, 30_000),
    url: window.location.href,
    user_agent: navigator.userAgent.slice(0, 512),
    ...(componentStack && { component_stack: componentStack.slice(0, 30_000) }),
    ...reportUser,
  };
  api.post('/api/client-errors/', report).catch(() => undefined);
}

/** Reports uncaught errors and unhandled promise rejections. */
export function installGlobalErrorReporting(): void {
  window.addEventListener('error', (event) => reportClientError(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => reportClientError(event.reason));
}
