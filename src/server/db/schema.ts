/**
 * The database schema (drizzle). drizzle-kit reads this file to generate the committed
 * migrations in ./migrations, so every table and enum the database needs is exported here.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  ACCOUNT_STATUSES,
  CLIENT_CATEGORIES,
  CLIENT_MODES,
  CLIENT_SEGMENTS,
  CLIENT_TIERS,
  CLIENT_TYPES,
  type Permission,
  type Role,
} from '../../shared/enums.js';
import type { EventType } from '../../shared/events.js';
import {
  CONVENTIONS,
  DAY_COUNTS,
  LEAP_RULES,
  RATING_AGENCIES,
  RATING_OUTLOOKS,
  SECURITY_TYPES,
  SENIORITIES,
} from '../../shared/instruments.js';

/** PostgreSQL's 64-bit transaction id; carried as a decimal string. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

export const clientType = pgEnum('client_type', CLIENT_TYPES);
export const clientMode = pgEnum('client_mode', CLIENT_MODES);
export const clientSegment = pgEnum('client_segment', CLIENT_SEGMENTS);
export const clientCategory = pgEnum('client_category', CLIENT_CATEGORIES);
export const clientTier = pgEnum('client_tier', CLIENT_TIERS);
export const accountStatus = pgEnum('account_status', ACCOUNT_STATUSES);
export const securityType = pgEnum('security_type', SECURITY_TYPES);
export const convention = pgEnum('convention', CONVENTIONS);
export const dayCount = pgEnum('day_count', DAY_COUNTS);
export const leapRule = pgEnum('leap_rule', LEAP_RULES);
export const seniority = pgEnum('seniority', SENIORITIES);
export const ratingAgency = pgEnum('rating_agency', RATING_AGENCIES);
export const ratingOutlook = pgEnum('rating_outlook', RATING_OUTLOOKS);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const clients = pgTable('clients', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  clientType: clientType('client_type').notNull(),
  clientMode: clientMode('client_mode').notNull().default('SOFTWARE'),
  segment: clientSegment('segment').notNull(),
  /** Individual clients only (RTL, HUF, FMO, SWM, HNI). */
  category: clientCategory('category'),
  tier: clientTier('tier').notNull().default('BASIC'),
  isBroker: boolean('is_broker').notNull().default(false),
  isPartner: boolean('is_partner').notNull().default(false),
  /** The venue operator: its compliance officers oversee every client (DESIGN §4 tenancy). */
  isOperator: boolean('is_operator').notNull().default(false),
  offlineRecord: boolean('offline_record').notNull().default(false),
  tradesOnBooks: boolean('trades_on_books').notNull().default(false),
  website: text('website'),
  state: text('state'),
  pan: text('pan'),
  allowedExchanges: text('allowed_exchanges')
    .array()
    .notNull()
    .default(sql`'{NSCCL,ICCL}'`),
  allowedReportingExchanges: text('allowed_reporting_exchanges')
    .array()
    .notNull()
    .default(sql`'{}'`),
  rfqExchanges: text('rfq_exchanges')
    .array()
    .notNull()
    .default(sql`'{}'`),
  stpExchanges: text('stp_exchanges')
    .array()
    .notNull()
    .default(sql`'{}'`),
  hasAcceptedChatTerms: boolean('has_accepted_chat_terms').notNull().default(false),
  createdAt: createdAt(),
  /** Banks and others that hold securities for clients (spec 02 §3 Custodian search). */
  isCustodian: boolean('is_custodian').notNull().default(false),
});

/** Which broker clients a client trades through (drives `has_brokers`). */
export const clientBrokers = pgTable(
  'client_brokers',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    brokerClientId: integer('broker_client_id')
      .notNull()
      .references(() => clients.id),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.brokerClientId] })],
);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    uniqueId: uuid('unique_id').notNull().unique().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    mobile: text('mobile'),
    passwordHash: text('password_hash'),
    singleScreenWaitlistJoined: boolean('single_screen_waitlist_joined').notNull().default(false),
    hasAcceptedChatTerms: boolean('has_accepted_chat_terms').notNull().default(false),
    securityPreferences: jsonb('security_preferences')
      .notNull()
      .default(sql`'{}'::jsonb`),
    notificationSubscriberId: uuid('notification_subscriber_id').notNull().defaultRandom(),
    createdAt: createdAt(),
    /** The person's PAN, given when they register (the client's PAN is on clients). */
    pan: text('pan'),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

/** A user's membership of a client: the roles they hold there and whether it is active. */
export const userAccounts = pgTable(
  'user_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    roles: text('roles').array().$type<Role[]>().notNull(),
    status: accountStatus('status').notNull().default('active'),
    createdAt: createdAt(),
    /**
     * The name the inviter typed, shown to this client until the person joins it (then null): a
     * person's own name belongs to them and never changes through an invitation (ADR 0009).
     */
    invitedFirstName: text('invited_first_name'),
    invitedLastName: text('invited_last_name'),
  },
  (t) => [uniqueIndex('user_accounts_user_client_idx').on(t.userId, t.clientId), index('user_accounts_client_idx').on(t.clientId)],
);

/** Page-level permissions granted to a user account (codes from src/shared/enums PERMISSIONS). */
export const permissions = pgTable(
  'permissions',
  {
    userAccountId: integer('user_account_id')
      .notNull()
      .references(() => userAccounts.id),
    code: text('code').$type<Permission>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userAccountId, t.code] })],
);

export const issuers = pgTable('issuers', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  shortName: text('short_name').notNull(),
  sector: text('sector').notNull(),
  /** The ISIN issuer code: 4 characters after INE (corporates) or the government prefix. */
  isinIssuerCode: text('isin_issuer_code').notNull().unique(),
  isGovernment: boolean('is_government').notNull().default(false),
  state: text('state'),
});

export const finstruments = pgTable(
  'finstruments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    isin: text('isin').notNull().unique(),
    displayName: text('display_name').notNull(),
    issuerId: integer('issuer_id')
      .notNull()
      .references(() => issuers.id),
    finstrumentType: text('finstrument_type').notNull().default('Bond'),
    securityType: securityType('security_type').notNull(),
    convention: convention('convention').notNull(),
    dayCount: dayCount('day_count').notNull(),
    leapRule: leapRule('leap_rule'),
    /** Annual coupon as a fraction (0.0718); 0 for zero-coupon bonds and T-bills. */
    couponRate: numeric('coupon_rate', { precision: 9, scale: 6 }).notNull(),
    /** Coupons a year: 1, 2, 4 or 12; 0 for zero-coupon bonds and T-bills (paid at maturity). */
    frequency: smallint('frequency').notNull(),
    issueDate: date('issue_date').notNull(),
    firstCouponDate: date('first_coupon_date'),
    /** Null for perpetual bonds, which are priced to their first call. */
    maturityDate: date('maturity_date'),
    /** Redemption per 100 face at maturity. */
    redemption: numeric('redemption', { precision: 9, scale: 4 }).notNull().default('100'),
    /** [{ date: 'YYYY-MM-DD', price: per 100 }] */
    callSchedule: jsonb('call_schedule')
      .$type<{ date: string; price: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    putSchedule: jsonb('put_schedule')
      .$type<{ date: string; price: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Face value of one bond in whole rupees. */
    faceValue: bigint('face_value', { mode: 'number' }).notNull(),
    isListed: boolean('is_listed').notNull(),
    isSecured: boolean('is_secured').notNull(),
    isTaxFree: boolean('is_tax_free').notNull().default(false),
    isPerpetual: boolean('is_perpetual').notNull().default(false),
    seniority: seniority('seniority').notNull(),
    /** False hides the bond from trading screens (e.g. suspended); the finder still shows it. */
    available: boolean('available').notNull().default(true),
  },
  (t) => [index('finstruments_issuer_idx').on(t.issuerId), index('finstruments_maturity_idx').on(t.maturityDate)],
);

/** Credit ratings: issuer-level (finstrument_id null, for its senior debt) or instrument-level. */
export const ratings = pgTable(
  'ratings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    issuerId: integer('issuer_id')
      .notNull()
      .references(() => issuers.id),
    finstrumentId: integer('finstrument_id').references(() => finstruments.id),
    agency: ratingAgency('agency').notNull(),
    rating: text('rating').notNull(),
    outlook: ratingOutlook('outlook').notNull(),
    ratedOn: date('rated_on').notNull(),
    rationale: text('rationale').notNull(),
  },
  (t) => [index('ratings_issuer_idx').on(t.issuerId), index('ratings_finstrument_idx').on(t.finstrumentId)],
);

/** Settlement calendar: business dates on which no settlement happens (weekends are implicit). */
export const holidays = pgTable('holidays', {
  date: date('date').primaryKey(),
  name: text('name').notNull(),
});

/**
 * The append-only event log (DESIGN §3): the audit trail and the source every consumer reads.
 * A trigger in the migrations rejects UPDATE and DELETE.
 */
export const events = pgTable(
  'events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    type: text('type').$type<EventType>().notNull(),
    aggregateType: text('aggregate_type').notNull(),
    aggregateId: text('aggregate_id').notNull(),
    /** The client whose users may see this event; null for platform-wide events. */
    clientId: integer('client_id').references(() => clients.id),
    actorUserId: integer('actor_user_id').references(() => users.id),
    payload: jsonb('payload').notNull(),
    /**
     * The writing transaction. Ids are not in commit order across concurrent writers; consumers read
     * in (tx_id, id) order and only from transactions older than every running one, so none is skipped.
     */
    txId: xid8('tx_id')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [index('events_aggregate_idx').on(t.aggregateType, t.aggregateId), index('events_position_idx').on(t.txId, t.id)],
);

/** Where each durable consumer of the event log is: the (tx_id, id) of the last event it handled. */
export const eventConsumerCursors = pgTable('event_consumer_cursors', {
  consumer: text('consumer').primaryKey(),
  txId: xid8('tx_id').notNull(),
  eventId: bigint('event_id', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Key-value facts about the installation (e.g. when the demo seed ran). */
export const systemState = pgTable('system_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Refresh tokens: opaque, stored hashed, rotated on every use. Tokens issued from one sign-in
 * share a family; presenting a used token again revokes the whole family (reuse detection).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id').notNull(),
    userAccountId: integer('user_account_id')
      .notNull()
      .references(() => userAccounts.id),
    tokenHash: text('token_hash').notNull().unique(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

/** One-time passwords: 6 digits, stored hashed, short-lived, with a bounded number of tries. */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Lower-cased email or normalised mobile the code was sent to. */
    identity: text('identity').notNull(),
    mode: text('mode').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('otp_challenges_identity_idx').on(t.identity, t.createdAt)],
);

/**
 * Password sign-in attempts per e-mail in the current lock-out window. One upsert counts an
 * attempt and returns the count before the password is checked, so parallel tries cannot
 * overrun the limit; a successful sign-in or a password reset deletes the row.
 */
export const signInAttempts = pgTable('sign_in_attempts', {
  identity: text('identity').primaryKey(),
  attempts: integer('attempts').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

/** Messages the server would send by e-mail or SMS; kept for the demo outbox when no gateway is set. */
export const outbox = pgTable('outbox', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  channel: text('channel').$type<'email' | 'sms'>().notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Single-use password-reset links: the token is stored as a SHA-256 hash and expires after an hour. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId, t.createdAt)],
);

/** Invitations to join a client: the code is stored hashed; status pending, used or revoked. */
export const invites = pgTable(
  'invites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** The invitee's account (status invited until the invite is used). */
    userAccountId: integer('user_account_id')
      .notNull()
      .references(() => userAccounts.id),
    inviterUserId: integer('inviter_user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull().unique(),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('invites_account_idx').on(t.userAccountId)],
);

/** A verified registration OTP: registration by OTP needs one, unexpired and unused. */
export const otpVerifications = pgTable(
  'otp_verifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Lower-cased e-mail or the mobile's last 10 digits (as otp_challenges). */
    identity: text('identity').notNull(),
    mode: text('mode').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('otp_verifications_identity_idx').on(t.identity, t.verifiedAt)],
);

/** Exchange (clearing corporation) credentials of a client: one row per corporation, secret AES-256-GCM. */
export const exchangeCredentials = pgTable(
  'exchange_credentials',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    corp: text('corp').notNull(),
    participantCode: text('participant_code').notNull(),
    /** `v1.<iv>.<tag>.<ciphertext>` (base64url) of {username, password}; never sent to any caller. */
    secret: text('secret').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    updatedByUserId: integer('updated_by_user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [uniqueIndex('exchange_credentials_client_corp_idx').on(t.clientId, t.corp)],
);

/**
 * Requests and leads (spec 01 §3 request types): upgrade walls, access requests and the lite
 * registration form. Leads have no client or user, only the contact they typed.
 */
export const requests = pgTable(
  'requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer('client_id').references(() => clients.id),
    userId: integer('user_id').references(() => users.id),
    requestType: text('request_type').notNull(),
    message: text('message'),
    context: jsonb('context')
      .notNull()
      .default(sql`'{}'::jsonb`),
    contact: jsonb('contact'),
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('requests_client_idx').on(t.clientId, t.createdAt),
    // The per-address limit of the public forms counts recent requests by contact e-mail.
    index('requests_contact_email_idx').on(sql`lower(${t.contact}->>'email')`, t.createdAt),
  ],
);

/** Raw bytes; pg hands back a Buffer, PGlite a Uint8Array. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Support attachments (spec 01 §7 `POST ext/public/upload/`), kept in the database. A file no
 * ticket refers to is an orphan: it is deleted once older than the upload TTL.
 */
export const supportFiles = pgTable(
  'support_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The unguessable part of the file's url. */
    token: text('token').notNull().unique(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('support_files_created_idx').on(t.createdAt)],
);

/**
 * Support tickets (spec 02 §3): from the support form, issue reports in context and every request
 * of spec 01 §3. Tickets from the public forms have a contact instead of a client and user.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer('client_id').references(() => clients.id),
    userId: integer('user_id').references(() => users.id),
    contact: jsonb('contact'),
    supportType: text('support_type').notNull(),
    ticketTypeId: integer('ticket_type_id').notNull(),
    formName: text('form_name').notNull(),
    content: text('content').notNull(),
    extraData: jsonb('extra_data')
      .notNull()
      .default(sql`'{}'::jsonb`),
    requestId: integer('request_id').references(() => requests.id),
    fileId: integer('file_id').references(() => supportFiles.id),
    /** The ticket's id at the external support desk (Intercom), when one is configured. */
    deskRef: text('desk_ref'),
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('support_tickets_client_idx').on(t.clientId, t.createdAt),
    // A file belongs to one ticket; two tickets racing for it leave one of them refused.
    uniqueIndex('support_tickets_file_idx').on(t.fileId),
  ],
);

/** The reported-trade tape (seeded as 'TAPE'): the market yield of a bond is the VWAP of its last trading day. */
export const marketTrades = pgTable(
  'market_trades',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    finstrumentId: integer('finstrument_id')
      .notNull()
      .references(() => finstruments.id),
    tradedAt: timestamp('traded_at', { withTimezone: true }).notNull(),
    tradeDate: date('trade_date').notNull(),
    settlementDate: date('settlement_date').notNull(),
    /** Quantum: face value in INR, a multiple of the bond's face value. */
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    cleanPrice: numeric('clean_price', { precision: 9, scale: 4 }).notNull(),
    yield: numeric('yield', { precision: 9, scale: 6 }).notNull(),
    exchange: text('exchange').$type<'NSE' | 'BSE'>().notNull(),
    source: text('source').notNull().default('TAPE'),
  },
  (t) => [index('market_trades_finstrument_idx').on(t.finstrumentId, t.tradeDate, t.tradedAt)],
);

/**
 * The finder's denormalised row per bond (rebuilt by refreshFinderIndex): every column the list returns
 * or filters on, so the finder reads this one table without joins. The lower-cased text the keyword
 * matches (name, ISIN, issuer) has a pg_trgm GIN index; the best rating and the last trade ride along.
 */
export const finstrumentSearch = pgTable(
  'finstrument_search',
  {
    finstrumentId: integer('finstrument_id')
      .primaryKey()
      .references(() => finstruments.id),
    searchText: text('search_text').notNull(),
    displayName: text('display_name').notNull(),
    isin: text('isin').notNull(),
    available: boolean('available').notNull(),
    isListed: boolean('is_listed').notNull(),
    maturityDate: date('maturity_date'),
    faceValue: bigint('face_value', { mode: 'number' }).notNull(),
    couponRate: numeric('coupon_rate', { precision: 9, scale: 6 }).notNull(),
    frequency: smallint('frequency').notNull(),
    securityType: securityType('security_type').notNull(),
    isSecured: boolean('is_secured').notNull(),
    isTaxFree: boolean('is_tax_free').notNull(),
    isPerpetual: boolean('is_perpetual').notNull(),
    seniority: seniority('seniority').notNull(),
    issuerId: integer('issuer_id').notNull(),
    issuerName: text('issuer_name').notNull(),
    sector: text('sector').notNull(),
    /** A CREDIT_RATING_BUCKETS value. */
    ratingBucket: text('rating_bucket').notNull(),
    ratingAgency: ratingAgency('rating_agency'),
    rating: text('rating'),
    /** Maturity, or a perpetual's first call after the refresh; the tenor buckets read it. */
    effectiveMaturity: date('effective_maturity'),
    lastYield: numeric('last_yield', { precision: 9, scale: 6 }),
    lastPrice: numeric('last_price', { precision: 9, scale: 4 }),
    lastTradeDate: date('last_trade_date'),
  },
  (t) => [
    // No pending list: bulk refreshes go straight into the tree, so searches never scan a backlog.
    index('finstrument_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')).with({ fastupdate: false }),
    // The relevance ranks: a prefix range on the text, then the name order ("C", as the sort compares).
    index('finstrument_search_text_prefix_idx').on(sql`${t.searchText} collate "C"`),
    index('finstrument_search_name_idx').on(sql`${t.displayName} collate "C"`, t.finstrumentId),
    index('finstrument_search_maturity_idx').on(t.effectiveMaturity, t.finstrumentId),
    // The default sort without a keyword (maturity, undated last), so the first page is an index walk.
    index('finstrument_search_maturity_order_idx').on(sql`coalesce(${t.effectiveMaturity}, '9999-12-31'::date)`, t.finstrumentId),
  ],
);

/**
 * Expressions of interest (spec 01 §3): a bid or an offer on one bond. The lifecycle lives in
 * machines/eoi.machine.ts; `machine_state` and `machine_context` hold its snapshot, `status` the
 * flattened state for queries. Price (4 dp) and yield (6 dp) are always the engine's pair for the
 * settlement date, stored exactly as numeric.
 */
export const eois = pgTable(
  'eois',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    userAccountId: integer('user_account_id')
      .notNull()
      .references(() => userAccounts.id),
    finstrumentId: integer('finstrument_id')
      .notNull()
      .references(() => finstruments.id),
    quoteType: text('quote_type').$type<'BID' | 'ASK'>().notNull(),
    /** Face value in INR, a multiple of the bond's face value. */
    quantum: bigint('quantum', { mode: 'number' }).notNull(),
    unitPrice: numeric('unit_price', { precision: 9, scale: 4 }).notNull(),
    yield: numeric('yield', { precision: 9, scale: 6 }).notNull(),
    /** Which of the two the dealer typed; the other was computed. */
    fixedField: text('fixed_field').$type<'price' | 'yield'>().notNull(),
    settlementDate: date('settlement_date').notNull(),
    settlementDelta: smallint('settlement_delta'),
    validityMinutes: integer('validity_minutes'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rfqMode: text('rfq_mode').$type<'OTM' | 'OTO'>().notNull(),
    /** The addressed client of a one-to-one quote. */
    otoClientId: integer('oto_client_id').references(() => clients.id),
    anonymous: boolean('anonymous').notNull(),
    exchange: text('exchange').$type<'NSE' | 'BSE'>().notNull(),
    sendToRfq: boolean('send_to_rfq').notNull(),
    source: text('source').notNull(),
    /** A broker quoting for an end client: the broker is `client_id`, the end client here. */
    endClientId: integer('end_client_id').references(() => clients.id),
    /** A price-override user set the price instead of the engine (spec 01 §6). */
    priceOverridden: boolean('price_overridden').notNull().default(false),
    /** The RFQ platform's id of the quote once sent there (`send_to_rfq`): it is then in the exchange's quote book. */
    exchangeQuoteId: text('exchange_quote_id'),
    /** The client's mandate ends then; `expires_at` is never later (the validity sweep expires it). */
    mandateExpiresAt: timestamp('mandate_expires_at', { withTimezone: true }),
    whatsappConsent: boolean('whatsapp_consent').notNull().default(false),
    /** The sender marked it as their best price. */
    isBest: boolean('is_best').notNull().default(false),
    state: text('state').notNull().default('DEFAULT'),
    /** The yield's redemption date: YTM the engine's, YTC / YTP the next call / put. */
    yieldType: text('yield_type').$type<'YTM' | 'YTC' | 'YTP'>().notNull().default('YTM'),
    /** The order of the same client this quote re-offers. */
    originTradeId: integer('origin_trade_id').references((): AnyPgColumn => orders.id),
    status: text('status').notNull(),
    machineState: jsonb('machine_state').notNull(),
    machineContext: jsonb('machine_context').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('eois_client_idx').on(t.clientId, t.createdAt),
    index('eois_market_idx').on(t.status, t.rfqMode, t.expiresAt),
    index('eois_oto_idx').on(t.otoClientId, t.status),
  ],
);

/**
 * A negotiation between an EOI's owner and one responder (machines/cluster.machine.ts). The
 * quote on the table is `price`/`yield` for `quantity`, priced by the engine for the settlement date.
 */
export const clusters = pgTable(
  'clusters',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eoiId: integer('eoi_id')
      .notNull()
      .references(() => eois.id),
    ownerClientId: integer('owner_client_id')
      .notNull()
      .references(() => clients.id),
    responderClientId: integer('responder_client_id')
      .notNull()
      .references(() => clients.id),
    responderUserAccountId: integer('responder_user_account_id')
      .notNull()
      .references(() => userAccounts.id),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    unitPrice: numeric('unit_price', { precision: 9, scale: 4 }).notNull(),
    yield: numeric('yield', { precision: 9, scale: 6 }).notNull(),
    settlementDate: date('settlement_date').notNull(),
    /** Counters so far; each one moves the quote and the turn. */
    revision: integer('revision').notNull().default(0),
    /** Broker firms on the negotiation: one facilitating it, one acting as a party's agent. */
    facilitatorClientId: integer('facilitator_client_id').references(() => clients.id),
    agentClientId: integer('agent_client_id').references(() => clients.id),
    /** Brokerage in INR agreed for the deal, exact. */
    brokerage: numeric('brokerage', { precision: 18, scale: 2 }),
    /** A broker party's spread per 100 face: `unit_price` is the seller's price, the buyer's is price + spread. */
    sellerSpread: numeric('seller_spread', { precision: 9, scale: 4 }).notNull().default('0.0000'),
    status: text('status').notNull(),
    machineState: jsonb('machine_state').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('clusters_eoi_idx').on(t.eoiId), index('clusters_responder_idx').on(t.responderClientId, t.status)],
);

/** A deal made by accepting a cluster, sent to an exchange's RFQ platform (DESIGN §4, §9). Amounts in INR, exact. */
export const deals = pgTable(
  'deals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clusterId: integer('cluster_id')
      .notNull()
      .unique()
      .references(() => clusters.id),
    eoiId: integer('eoi_id')
      .notNull()
      .references(() => eois.id),
    buyerClientId: integer('buyer_client_id')
      .notNull()
      .references(() => clients.id),
    sellerClientId: integer('seller_client_id')
      .notNull()
      .references(() => clients.id),
    finstrumentId: integer('finstrument_id')
      .notNull()
      .references(() => finstruments.id),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    unitPrice: numeric('unit_price', { precision: 9, scale: 4 }).notNull(),
    yield: numeric('yield', { precision: 9, scale: 6 }).notNull(),
    settlementDate: date('settlement_date').notNull(),
    principal: numeric('principal', { precision: 18, scale: 2 }).notNull(),
    accruedInterest: numeric('accrued_interest', { precision: 18, scale: 2 }).notNull(),
    consideration: numeric('consideration', { precision: 18, scale: 2 }).notNull(),
    stampDuty: numeric('stamp_duty', { precision: 18, scale: 2 }).notNull(),
    exchange: text('exchange').$type<'NSE' | 'BSE'>().notNull(),
    exchangeDealId: text('exchange_deal_id'),
    exchangeStatus: text('exchange_status').$type<'PENDING' | 'CONFIRMED' | 'REJECTED'>().notNull(),
    rejectionReason: text('rejection_reason'),
    /** Brokerage in INR on the deal (from its negotiation), exact. */
    brokerage: numeric('brokerage', { precision: 18, scale: 2 }).notNull().default('0.00'),
    /** The broker's spread per 100 face: `unit_price`, `principal` and `consideration` are the seller's; the buyer's follow. */
    sellerSpread: numeric('seller_spread', { precision: 9, scale: 4 }).notNull().default('0.0000'),
    /** The buyer's yield, principal and consideration at price + spread; its principal exceeds the seller's by the brokerage. */
    buyerYield: numeric('buyer_yield', { precision: 9, scale: 6 }),
    buyerPrincipal: numeric('buyer_principal', { precision: 18, scale: 2 }),
    buyerConsideration: numeric('buyer_consideration', { precision: 18, scale: 2 }),
    acceptedByUserAccountId: integer('accepted_by_user_account_id')
      .notNull()
      .references(() => userAccounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('deals_eoi_idx').on(t.eoiId)],
);

/**
 * A reported trade (machines/order.machine.ts): reported by one party and confirmed by the other,
 * or booked from a deal the exchange confirmed; it settles DvP through the clearing corporation of
 * `exchange` on `settlement_date`. The API shows it to the seller under `api/orders/` and to the
 * buyer under `api/procurement-orders/`. Amounts in INR, exact (DESIGN §4).
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The confirmed RFQ deal it was booked from; null for a trade reported by a party. */
    dealId: integer('deal_id')
      .unique()
      .references(() => deals.id),
    finstrumentId: integer('finstrument_id')
      .notNull()
      .references(() => finstruments.id),
    buyerClientId: integer('buyer_client_id')
      .notNull()
      .references(() => clients.id),
    sellerClientId: integer('seller_client_id')
      .notNull()
      .references(() => clients.id),
    /** The party that reported it (acts first); the other party accepts or rejects. */
    reporterClientId: integer('reporter_client_id')
      .notNull()
      .references(() => clients.id),
    reporterUserAccountId: integer('reporter_user_account_id').references(() => userAccounts.id),
    /** The user of the other party named on the report, when the reporter picked one. */
    counterpartyUserAccountId: integer('counterparty_user_account_id').references(() => userAccounts.id),
    /** A broker firm that arranged it; brokerage is then owed to it. */
    brokerClientId: integer('broker_client_id').references(() => clients.id),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    unitPrice: numeric('unit_price', { precision: 9, scale: 4 }).notNull(),
    yield: numeric('yield', { precision: 9, scale: 6 }).notNull(),
    /** When the trade was struck (the report's trade date and time, IST). */
    tradedAt: timestamp('traded_at', { withTimezone: true }).notNull(),
    settlementDate: date('settlement_date').notNull(),
    principal: numeric('principal', { precision: 18, scale: 2 }).notNull(),
    accruedInterest: numeric('accrued_interest', { precision: 18, scale: 2 }).notNull(),
    consideration: numeric('consideration', { precision: 18, scale: 2 }).notNull(),
    stampDuty: numeric('stamp_duty', { precision: 18, scale: 2 }).notNull(),
    brokerage: numeric('brokerage', { precision: 18, scale: 2 }).notNull().default('0.00'),
    exchange: text('exchange').$type<'NSE' | 'BSE'>().notNull(),
    /** Reported more than 15 minutes after its trade time (DOMAIN.md §1 Reporting). */
    lateReported: boolean('late_reported').notNull().default(false),
    /** Settlement legs paid in to the clearing corporation: the buyer's funds, the seller's securities. */
    fundsPaidInAt: timestamp('funds_paid_in_at', { withTimezone: true }),
    securitiesPaidInAt: timestamp('securities_paid_in_at', { withTimezone: true }),
    /** Each party's request to cancel an accepted trade; both together cancel it. */
    buyerCancelRequestedAt: timestamp('buyer_cancel_requested_at', { withTimezone: true }),
    sellerCancelRequestedAt: timestamp('seller_cancel_requested_at', { withTimezone: true }),
    /** Why it failed or was rejected, in words shown to users. */
    reason: text('reason'),
    /** Changes by the reporter before the counterparty answered. */
    revision: integer('revision').notNull().default(0),
    status: text('status').notNull(),
    machineState: jsonb('machine_state').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('orders_buyer_idx').on(t.buyerClientId, t.status),
    index('orders_seller_idx').on(t.sellerClientId, t.status),
    index('orders_settlement_idx').on(t.status, t.settlementDate),
  ],
);

/**
 * The first answer to a create call sent with an `Idempotency-Key`: the same key and body again
 * returns it instead of creating twice; the same key with another body is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userAccountId: integer('user_account_id')
      .notNull()
      .references(() => userAccounts.id),
    key: text('key').notNull(),
    /** The route the key was used on, e.g. 'POST api/orders/'. */
    route: text('route').notNull(),
    /** SHA-256 of the canonical request body. */
    requestHash: text('request_hash').notNull(),
    responseStatus: smallint('response_status').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userAccountId, t.key] })],
);

/**
 * Built-in chat (issue #10, spec 02 §3, DESIGN §8). A channel is reached by its url; a direct chat
 * has a distinct_key (its two users' unique ids, sorted) so the same pair always meets in one.
 */
export const chatChannels = pgTable('chat_channels', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  url: text('url').notNull().unique(),
  customType: text('custom_type').notNull(),
  name: text('name').notNull().default(''),
  isDistinct: boolean('is_distinct').notNull().default(false),
  distinctKey: text('distinct_key').unique(),
  createdBy: integer('created_by')
    .notNull()
    .references(() => users.id),
  /** created_from (the broadcast's url), last_direct_message_at (s), a broadcast list's recipients. */
  data: jsonb('data')
    .$type<Record<string, unknown>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  isWhatsappLinked: boolean('is_whatsapp_linked').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * One row per user and channel, kept after they leave or are banned (left_at, banned) so the
 * history of who was in a chat stays. The account is the one they chat as (client, brand).
 */
export const chatMembers = pgTable(
  'chat_members',
  {
    channelId: integer('channel_id')
      .notNull()
      .references(() => chatChannels.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    userAccountId: integer('user_account_id')
      .notNull()
      .references(() => userAccounts.id),
    state: text('state').$type<'joined' | 'invited'>().notNull(),
    role: text('role').$type<'operator' | 'none'>().notNull().default('none'),
    invitedBy: integer('invited_by').references(() => users.id),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    muted: boolean('muted').notNull().default(false),
    banned: boolean('banned').notNull().default(false),
    lastReadMessageId: integer('last_read_message_id').notNull().default(0),
    lastDeliveredMessageId: integer('last_delivered_message_id').notNull().default(0),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.userId] }), index('chat_members_user_idx').on(t.userId)],
);

/**
 * Messages are never deleted: a delete sets deleted_at/deleted_by and hides the message from the
 * members, while exports and compliance still read it. `visible_to` limits a notice to one user
 * (the inviter's 'X declined your request').
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => chatChannels.id),
    senderId: integer('sender_id').references(() => users.id),
    senderAccountId: integer('sender_account_id').references(() => userAccounts.id),
    reqId: text('req_id').notNull(),
    messageType: text('message_type').$type<'user' | 'file' | 'admin'>().notNull(),
    message: text('message').notNull().default(''),
    data: text('data').notNull().default(''),
    customType: text('custom_type').notNull().default(''),
    visibleTo: integer('visible_to').references(() => users.id),
    fileName: text('file_name'),
    fileType: text('file_type'),
    fileSize: integer('file_size'),
    /** The file's key in the storage port (DATA_DIR/files by default) and the sha256 of its bytes. */
    fileKey: text('file_key'),
    fileSha256: text('file_sha256'),
    /** Files sent before the storage port kept their bytes here; they are still read from it (new files never are). */
    fileContent: bytea('file_content'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('chat_messages_req_idx').on(t.channelId, t.senderId, t.reqId),
    index('chat_messages_channel_idx').on(t.channelId, t.createdAt),
  ],
);

/** Built-in chat session tokens (spec 02 §7), stored hashed. */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('chat_sessions_user_idx').on(t.userId)],
);

/**
 * The bytes of uploaded files (chat files) when the app runs on PostgreSQL: every instance reads
 * and writes the same store (storage/databaseStorage.ts). The embedded database keeps them in
 * DATA_DIR/files instead; this table then stays empty.
 */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  content: bytea('content').notNull(),
  size: integer('size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
