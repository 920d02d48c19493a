/**
 * The server's pino logger, which keeps secrets out of the log (issue #21 item 12): credentials
 * in bodies and headers are redacted, token-like query parameters and the token segment of file
 * links are masked in every logged URL, and a failed query's parameters (a reset-token hash, a
 * password hash) are dropped from logged errors.
 */
import { pino, type DestinationStream, type Logger, type SerializedError } from 'pino';

export const REDACTED = '[redacted]';

/** Field names that hold a secret, at the top of a log object and one level down. */
const SECRET_FIELDS = ['password', 'new_password1', 'new_password2', 'token', 'otp', 'access', 'refresh', 'invite_code', 'authorization'];
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`]),
];

/** Query parameters whose value is a secret (`token`, `invite_code`, `otp`, `api_key`…), not `keyword` or `uid`. */
const SECRET_PARAM = /(^|[_-])(token|code|otp|secret|password|key|signature|sig)$/i;
/** A path segment after `/files/`, `/download(s)/` or `/token(s)/` that is not a plain number is a capability. */
const SECRET_SEGMENT = /(\/(?:files|downloads?|tokens?)\/)(?!\d+(?:[/?#]|$))[^/?#]+/gi;

/** `url` (a path with query, or an absolute URL) with its secrets masked. */
export function maskUrl(url: string): string {
  const [path = '', ...rest] = url.split('?');
  const masked = path.replace(SECRET_SEGMENT, `$1${REDACTED}`);
  if (rest.length === 0) return masked;
  const query = rest
    .join('?')
    .split('&')
    .map((pair) => {
      const [name = '', ...value] = pair.split('=');
      return value.length > 0 && SECRET_PARAM.test(decodeURIComponent(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${masked}?${query}`;
}

/** Error properties that carry the values a query ran with, or the row it conflicted with. */
const VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'queryOptions']);
/** drizzle puts the parameters in the message (and so the stack) too: "Failed query: …\nparams: …". */
const dropParams = (text: string) => text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, '');

/** An error (and its causes) for the log, without the values its query ran with. */
export function safeError(error: unknown, depth = 0): SerializedError | unknown {
  if (!(error instanceof Error) || depth > 5) return error;
  const out: Record<string, unknown> = { type: error.constructor.name, message: dropParams(error.message) };
  if (error.stack) out.stack = dropParams(error.stack);
  for (const [key, value] of Object.entries(error)) {
    if (!VALUE_FIELDS.has(key) && key !== 'cause' && value !== undefined) out[key] = value;
  }
  if (error.cause !== undefined) out.cause = safeError(error.cause, depth + 1);
  return out as SerializedError;
}

interface RequestLike {
  method: string;
  url: string;
  host?: string;
  ip?: string;
}

const serializers = {
  err: safeError,
  req: (request: RequestLike) => ({ method: request.method, url: maskUrl(request.url), host: request.host, remoteAddress: request.ip }),
  // A page the browser reports an error from may be a reset or invitation link.
  clientError: (report: Record<string, unknown>) => ({ ...report, ...(typeof report.url === 'string' && { url: maskUrl(report.url) }) }),
};

export interface LoggerOptions {
  level: string;
  /** Readable lines for a terminal (pino-pretty); JSON otherwise. */
  pretty?: boolean;
}

/** The logger; `destination` (tests) receives the JSON lines instead of stdout. */
export function createLogger(options: LoggerOptions, destination?: DestinationStream): Logger {
  const pretty =
    options.pretty && !destination
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
      : {};
  const settings = { level: options.level, redact: { paths: REDACT_PATHS, censor: REDACTED }, serializers, ...pretty };
  return destination ? pino(settings, destination) : pino(settings);
}
