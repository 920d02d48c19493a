/**
 * The one fetch client (spec 01 §7-8): credentials always sent; failures wrapped as
 * `[METHOD] "url": status statusText`; safe methods retried once on transient statuses, writes
 * never; timeouts reported as `[TimeoutError]: …`; a 207 (and a 200 on the chatter trade POST)
 * has its status merged into the data.
 */
import type { z } from 'zod';
import { FETCH_RETRIES, RETRY_STATUSES, SAFE_METHODS } from '../../shared/constants';
import { FETCH_TIMEOUT_MESSAGE, fetchFailureMessage } from '../../shared/messages';

export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The chatter trade call, whose 200 also carries its status into the data (spec 01 §4). */
export const CHATTER_TRADE_PATH = '/api/chatter/trade/';
const DEFAULT_TIMEOUT_MS = 30_000;

type MultiStatusListener = (url: string, data: unknown) => void;
const multiStatusListeners = new Set<MultiStatusListener>();

/** Calls `listener` for every 207 response (the app shows a warn toast); returns an unsubscribe. */
export function onMultiStatus(listener: MultiStatusListener): () => void {
  multiStatusListeners.add(listener);
  return () => multiStatusListeners.delete(listener);
}

export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly data: unknown,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

export class ApiTimeoutError extends Error {
  constructor() {
    super(FETCH_TIMEOUT_MESSAGE);
    this.name = 'TimeoutError';
  }
}

/** How requests get the session's token, and what a 401 does (wired to the session machine). */
export interface AuthHooks {
  accessToken(): string | null;
  /**
   * After a 401 on `url` sent with the token `sentWith`: refreshes (or waits for the refresh in
   * flight, or for none when the token has been replaced since); resolves true when the request
   * should be retried with the session's token.
   */
  onUnauthorized(url: string, sentWith: string | null): Promise<boolean>;
}
let authHooks: AuthHooks | null = null;

/** Connects the client to the session (once, at the composition root). */
export function configureAuth(hooks: AuthHooks | null): void {
  authHooks = hooks;
}

/** Token endpoints never trigger the refresh-and-retry round (spec 01 §4). */
const isTokenEndpoint = (url: string) => new URL(url, 'http://relative').pathname.startsWith('/api/token/');

export interface RequestOptions<T> {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Parses the response with the API contract; a mismatch throws. */
  schema?: z.ZodType<T>;
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** Sends this token instead of the session's, with no refresh-and-retry on 401. */
  accessToken?: string;
  /** Cancels the request (a superseded search): the call rejects with the signal's reason. */
  signal?: AbortSignal;
  /** True for a 401 body that is the caller's own refusal (a chat session's), not the access token's: no refresh. */
  ownsUnauthorized?: (data: unknown) => boolean;
}

function withQuery(url: string, query: RequestOptions<unknown>['query']): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function mergesStatus(method: HttpMethod, url: string, status: number): boolean {
  return status === 207 || (status === 200 && method === 'POST' && new URL(url, 'http://relative').pathname === CHATTER_TRADE_PATH);
}

async function send(method: HttpMethod, url: string, init: RequestInit, timeoutMs: number, cancel?: AbortSignal): Promise<Response> {
  // A plain timer (not AbortSignal.timeout) so tests can drive the timeout with a fake clock.
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const signal = cancel ? AbortSignal.any([timeout.signal, cancel]) : timeout.signal;
  try {
    return await fetch(url, { ...init, method, credentials: 'include', signal });
  } catch (error) {
    if (cancel?.aborted) throw cancel.reason;
    if (timeout.signal.aborted) throw new ApiTimeoutError();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Sends a request with the session's token, the safe-method retry and the 401 refresh-and-retry; fails on non-2xx. */
async function perform(
  method: HttpMethod,
  url: string,
  options: RequestOptions<unknown>,
  accept: string,
): Promise<{ target: string; response: Response }> {
  const target = withQuery(url, options.query);
  const headers: Record<string, string> = { Accept: accept, ...options.headers };
  let body: string | FormData | undefined;
  // A form (a file upload) goes as multipart: the browser writes the Content-Type with its boundary.
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const retries = SAFE_METHODS.includes(method) ? FETCH_RETRIES : 0;
  const usesSession = options.accessToken === undefined && authHooks !== null && !isTokenEndpoint(target);
  // The token the last attempt went out with: the session tells a stale 401 from a due refresh by it.
  let sentWith: string | null = null;
  const sendOnce = () => {
    sentWith = options.accessToken ?? (usesSession ? (authHooks?.accessToken() ?? null) : null);
    const init = { headers: sentWith ? { ...headers, Authorization: `Bearer ${sentWith}` } : headers, body };
    return send(method, target, init, options.timeoutMs ?? DEFAULT_TIMEOUT_MS, options.signal);
  };
  let response = await sendOnce();
  for (let attempt = 0; attempt < retries && RETRY_STATUSES.includes(response.status); attempt += 1) response = await sendOnce();
  // Refresh-and-retry until the session says stop: its budget per URL (spec 01 §4) ends the loop.
  const isOwn401 = async (r: Response) => options.ownsUnauthorized !== undefined && options.ownsUnauthorized(await readBody(r.clone()));
  while (
    response.status === 401 &&
    usesSession &&
    authHooks &&
    !(await isOwn401(response)) &&
    (await authHooks.onUnauthorized(target, sentWith))
  )
    response = await sendOnce();
  if (!response.ok) {
    throw new ApiRequestError(
      fetchFailureMessage(method, target, response.status, response.statusText),
      response.status,
      await readBody(response),
    );
  }
  return { target, response };
}

/** Sends one API request and returns its parsed data. */
export async function apiRequest<T = unknown>(method: HttpMethod, url: string, options: RequestOptions<T> = {}): Promise<T> {
  const { target, response } = await perform(method, url, options as RequestOptions<unknown>, 'application/json');
  const data = await readBody(response);
  if (response.status === 207) for (const listener of multiStatusListeners) listener(target, data);
  const merged =
    mergesStatus(method, target, response.status) && data && typeof data === 'object'
      ? { ...(data as object), status: response.status }
      : data;
  return options.schema ? options.schema.parse(merged) : (merged as T);
}

/** Fetches a file (PDF, spreadsheet) and the name the server gives it (Content-Disposition). */
export async function apiDownload(method: HttpMethod, url: string, body?: unknown): Promise<{ blob: Blob; fileName: string | null }> {
  const { response } = await perform(method, url, { body }, 'application/pdf, application/octet-stream, application/json');
  const disposition = response.headers.get('content-disposition');
  const fileName = disposition ? (/filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null) : null;
  return { blob: await response.blob(), fileName };
}

export const api = {
  get: <T>(url: string, options?: RequestOptions<T>) => apiRequest<T>('GET', url, options),
  post: <T>(url: string, body?: unknown, options?: RequestOptions<T>) => apiRequest<T>('POST', url, { ...options, body }),
  put: <T>(url: string, body?: unknown, options?: RequestOptions<T>) => apiRequest<T>('PUT', url, { ...options, body }),
  patch: <T>(url: string, body?: unknown, options?: RequestOptions<T>) => apiRequest<T>('PATCH', url, { ...options, body }),
  delete: <T>(url: string, options?: RequestOptions<T>) => apiRequest<T>('DELETE', url, options),
};
