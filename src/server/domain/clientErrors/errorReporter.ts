/**
 * Forwards client error reports to an error-reporting service addressed by a Sentry-style DSN
 * (`https://<key>@<host>/<project>`), the format most hosted and self-hosted services accept.
 */
import { randomUUID } from 'node:crypto';
import type { ClientErrorReport } from '../../../shared/contracts/system.js';
import type { Clock } from '../../../shared/clock.js';

export interface ErrorReporter {
  /** Sends the report; resolves to false when the service refused or could not be reached. */
  forward(id: string, report: ClientErrorReport): Promise<boolean>;
}

interface ParsedDsn {
  storeUrl: string;
  publicKey: string;
}

/** Parses a DSN; throws a readable error for a malformed one (checked at start). */
export function parseDsn(dsn: string): ParsedDsn {
  const url = new URL(dsn);
  const projectId = url.pathname.split('/').filter(Boolean).pop();
  if (!url.username || !projectId) throw new Error(`ERROR_REPORTING_DSN must look like https://<key>@<host>/<project>: ${dsn}`);
  const basePath = url.pathname.slice(0, url.pathname.lastIndexOf('/'));
  return { storeUrl: `${url.protocol}//${url.host}${basePath}/api/${projectId}/store/`, publicKey: url.username };
}

/** A reporter posting to the DSN's store endpoint, or null when no DSN is configured. */
export function createErrorReporter(dsn: string | undefined, clock: Clock, release: string): ErrorReporter | null {
  if (!dsn) return null;
  const { storeUrl, publicKey } = parseDsn(dsn);
  return {
    async forward(id, report) {
      const body = {
        event_id: id.replaceAll('-', ''),
        timestamp: clock.now().toISOString(),
        platform: 'javascript',
        level: 'error',
        release,
        message: report.message,
        extra: { stack: report.stack, component_stack: report.component_stack, user_agent: report.user_agent },
        request: { url: report.url },
        ...(report.user_id !== undefined && { user: { id: String(report.user_id), username: report.user_name } }),
        ...(report.client_name && { tags: { client_name: report.client_name } }),
      };
      try {
        const response = await fetch(storeUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-sentry-auth': `Sentry sentry_version=7, sentry_client=kosh/${release}, sentry_key=${publicKey}`,
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(5_000),
        });
        return response.ok;
      } catch {
        return false;
      }
    },
  };
}

export const newReportId = (): string => randomUUID();
