/**
 * Server configuration, read once from the environment (README "Configuration" lists every
 * variable). Embedded defaults let `npm start` run with nothing set; each default in effect is
 * reported in the start log so an operator sees what to set for production.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The folder holding package.json, found from this module whether it runs from src/ or dist/. */
export function findProjectRoot(from = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${from}`);
    dir = parent;
  }
  return dir;
}

const onOff = z.enum(['on', 'off']);
const optionalText = z.string().trim().min(1).optional().catch(undefined);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: optionalText,
  REDIS_URL: optionalText,
  /** Namespaces the bus channels: instances of one deployment share it. */
  REDIS_KEY_PREFIX: z.string().min(1).default('kosh:'),
  DEMO: onOff.optional(),
  DEMO_PASSWORD: z.string().min(8).default('kosh-demo-2026'),
  /** The demo outbox page: on by default in demo mode on a loopback HOST; elsewhere only when set on. */
  DEMO_OUTBOX: onOff.optional(),
  /** Where people reach this installation: every link in every mail starts with it. */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http(s) URL' }).optional(),
  SEED_SIZE: z.enum(['full', 'small']).default('full'),
  BRAND_NAME: z.string().trim().min(1).default('Kosh'),
  ERROR_REPORTING_DSN: optionalText,
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(10).max(300).default(300),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .max(30 * 86_400)
    .default(7 * 86_400),
  OTP_TTL: z.coerce.number().int().min(30).max(900).default(300),
  SMTP_URL: optionalText,
  /** base64 of 32 random bytes: encrypts stored exchange credentials (AES-256-GCM). */
  CREDENTIALS_KEY: z
    .string()
    .trim()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'CREDENTIALS_KEY must be base64 of 32 bytes')
    .optional(),
  SMS_WEBHOOK_URL: optionalText,
  INSPECTOR: onOff.optional(),
  /** Intercom access token: with it, support tickets are also created in Intercom. */
  // Chat through Sendbird (DESIGN §8): the app id turns it on; the API token stays on the server.
  SENDBIRD_APP_ID: optionalText,
  SENDBIRD_API_TOKEN: optionalText,
  /** Overrides https://api-{SENDBIRD_APP_ID}.sendbird.com (a fake in tests). */
  SENDBIRD_API_URL: z.url().optional(),
  SUPPORT_DESK_TOKEN: optionalText,
  SUPPORT_DESK_URL: z.url().default('https://api.intercom.io'),
  /** Whether ticket type ids are the desk's raw (development workspace) ids; default: on in demo mode. */
  SUPPORT_DESK_DEV_MODE: onOff.optional(),
  /** The third-party messenger widget's app id; without it no widget loads. */
  SUPPORT_WIDGET_APP_ID: optionalText,
  TEST_CLOCK: onOff.default('off'),
  /** Bytes queued for one live-feed socket before it is sent `refresh` instead (back-pressure). */
  LIVE_SEND_BUFFER_LIMIT: z.coerce.number().int().min(1_024).default(1_048_576),
  /** `open`: the RFQ market never closes (demo default); `real`: RFQ hours and business days only. */
  MARKET_HOURS: z.enum(['open', 'real']).optional(),
  /** The demo market simulator (simulated firms quoting and negotiating); default: on in demo mode. */
  MARKET_SIMULATOR: onOff.optional(),
  /** Milliseconds between two of the simulator's market actions. */
  MARKET_SIMULATOR_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(2_000),
  /** Multiplies every rate limit's maximum (src/server/plugins/rateLimits.ts); tests raise it. */
  RATE_LIMIT_SCALE: z.coerce.number().positive().max(1_000_000).default(1),
  /** The reverse proxies to believe for X-Forwarded-For/-Proto: `true`, a hop count, or addresses/CIDRs (comma-separated). */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v): boolean | string[] | ((address: string, hop: number) => boolean) => {
      if (v === 'true' || v === 'false') return v === 'true';
      // Fastify treats a bare hop count as "trust nobody"; a function trusts the nearest `hops` as proxy-addr does.
      if (/^\d+$/.test(v)) {
        const hops = Number(v);
        return (_address, hop) => hop < hops;
      }
      return v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean);
    }),
  /** On SIGTERM/SIGINT: how long requests, live sockets and job runs in flight get to finish. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** Bearer token for /metrics; unset: /metrics answers loopback callers only. */
  METRICS_TOKEN: optionalText,
  /** Seconds an event may wait for a consumer before readiness calls the dispatcher stalled. */
  READINESS_MAX_LAG_SECONDS: z.coerce.number().int().min(1).max(3_600).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = ReturnType<typeof loadConfig>;

/** Whether `host` only accepts connections from this machine (0.0.0.0 and :: accept everyone). */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(h);
}

function publicUrlOf(configured: string | undefined, host: string, port: number): string {
  const url = new URL(configured ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** Parses the environment; throws a readable error naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const root = findProjectRoot();
  const dataDir = resolve(root, e.DATA_DIR);
  const embeddedDb = !e.DATABASE_URL;
  const demo = (e.DEMO ?? (embeddedDb ? 'on' : 'off')) === 'on';
  const loopback = isLoopbackHost(e.HOST);
  return {
    root,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    /** Uploaded files (chat files), through the storage port. */
    filesDir: join(dataDir, 'files'),
    database: e.DATABASE_URL
      ? ({ kind: 'postgres', url: e.DATABASE_URL } as const)
      : ({ kind: 'pglite', dir: join(dataDir, 'db') } as const),
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    demo,
    demoPassword: e.DEMO_PASSWORD,
    /** Mail to `.demo` addresses kept for /dev/outbox (never any other address); off whenever DEMO is off. */
    demoOutbox: { enabled: demo && (e.DEMO_OUTBOX ?? (loopback ? 'on' : 'off')) === 'on', loopback },
    /** Scheme, host and optional path prefix of every link in mail, without a trailing slash. */
    publicUrl: publicUrlOf(e.PUBLIC_URL, e.HOST, e.PORT),
    seedSize: e.SEED_SIZE,
    brandName: e.BRAND_NAME,
    errorReportingDsn: e.ERROR_REPORTING_DSN,
    auth: {
      jwtSecret: e.JWT_SECRET,
      accessTtlSeconds: e.ACCESS_TOKEN_TTL,
      refreshTtlSeconds: e.REFRESH_TOKEN_TTL,
      otpTtlSeconds: e.OTP_TTL,
    },
    credentialsKey: e.CREDENTIALS_KEY,
    delivery: { smtpUrl: e.SMTP_URL, smsWebhookUrl: e.SMS_WEBHOOK_URL },
    logLevel: e.LOG_LEVEL,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    /** Fastify's trustProxy: with it request.ip and request.protocol come from the proxy's headers. */
    trustProxy: e.TRUST_PROXY,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    sendbird:
      e.SENDBIRD_APP_ID && e.SENDBIRD_API_TOKEN
        ? {
            appId: e.SENDBIRD_APP_ID,
            apiToken: e.SENDBIRD_API_TOKEN,
            baseUrl: e.SENDBIRD_API_URL ?? `https://api-${e.SENDBIRD_APP_ID}.sendbird.com`,
          }
        : null,
    supportDesk: {
      token: e.SUPPORT_DESK_TOKEN,
      baseUrl: e.SUPPORT_DESK_URL,
      devMode: (e.SUPPORT_DESK_DEV_MODE ?? (demo ? 'on' : 'off')) === 'on',
      widgetAppId: e.SUPPORT_WIDGET_APP_ID,
    },
    /** The machine inspector at /dev/machines: compiled into the client build only when on. */
    inspector: (e.INSPECTOR ?? (demo ? 'on' : 'off')) === 'on',
    /** End-to-end tests only: POST /api/dev/clock/ moves the server's clock forward. */
    testClock: e.TEST_CLOCK === 'on',
    liveSendBufferLimit: e.LIVE_SEND_BUFFER_LIMIT,
    readinessMaxLagSeconds: e.READINESS_MAX_LAG_SECONDS,
    metricsToken: e.METRICS_TOKEN,
    /** DESIGN §4: in demo mode the market is open at all hours unless MARKET_HOURS=real. */
    marketHours: e.MARKET_HOURS ?? (demo ? 'open' : 'real'),
    /** Started by `npm start` only (never by tests): simulated firms keep /dart moving. */
    marketSimulator: { enabled: (e.MARKET_SIMULATOR ?? (demo ? 'on' : 'off')) === 'on', everyMs: e.MARKET_SIMULATOR_INTERVAL_MS },
    clientDist: join(root, 'dist', 'client'),
    migrationsDir: join(root, 'src', 'server', 'db', 'migrations'),
  };
}

/** One line per embedded default in effect, for the start log. */
export function describeDefaults(config: Config): string[] {
  const lines: string[] = [];
  if (config.database.kind === 'pglite') lines.push(`DATABASE_URL not set: embedded PostgreSQL (PGlite) in ${config.database.dir}`);
  if (!config.redisUrl) lines.push('REDIS_URL not set: in-process event bus (single instance only)');
  if (!config.auth.jwtSecret) lines.push('JWT_SECRET not set: a secret generated once and kept in the database signs access tokens');
  if (!config.delivery.smtpUrl && !config.delivery.smsWebhookUrl) {
    lines.push(
      `SMTP_URL and SMS_WEBHOOK_URL not set: one-time passwords go to the server log${config.demoOutbox.enabled ? ' (mail to .demo addresses to the demo outbox)' : ''}`,
    );
  }
  if (!config.credentialsKey)
    lines.push('CREDENTIALS_KEY not set: a key generated once and kept in the database encrypts exchange credentials');
  if (config.inspector)
    lines.push(
      "INSPECTOR on: signed-in users can inspect the app's statecharts at /dev/machines (set INSPECTOR=off to leave it out of the build)",
    );
  if (config.marketSimulator.enabled)
    lines.push(
      `MARKET_SIMULATOR on: simulated firms quote and negotiate every ${config.marketSimulator.everyMs} ms (MARKET_SIMULATOR=off stops them)`,
    );
  if (config.testClock) lines.push("TEST_CLOCK on: anyone can move this server's clock forward — for end-to-end tests only");
  if (!config.supportDesk.token) lines.push('SUPPORT_DESK_TOKEN not set: support tickets and their files are kept in the database only');
  if (!config.errorReportingDsn) lines.push('ERROR_REPORTING_DSN not set: client errors are logged only');
  return lines;
}

/** Settings that expose something an operator must know about, for the start log at warn level. */
export function describeRisks(config: Config): string[] {
  if (!config.demoOutbox.enabled || config.demoOutbox.loopback) return [];
  return [
    `DEMO_OUTBOX=on on HOST ${config.host}: anyone who can reach this server reads every one-time password, reset link and invitation sent to a .demo address at /dev/outbox`,
  ];
}
