/** Business constants and limits of spec 01 §9 and spec 02 §9. */

export const SESSION_REFRESH_INTERVAL_MS = 240_000;
export const MAX_REQUEST_RETRIES_PER_URL = 2;
/** Safe methods are retried once on these statuses; writes never (spec 01 §8). */
export const RETRY_STATUSES: readonly number[] = [408, 409, 425, 429, 500, 502, 503, 504];
export const SAFE_METHODS: readonly string[] = ['GET', 'HEAD', 'OPTIONS'];
export const FETCH_RETRIES = 1;

export const WS_CONNECTIVITY_CHECK_MS = 10_000;
export const WS_OFFLINE_THRESHOLD_MS = 30_000;
export const WS_RECONNECT = { initialMinMs: 1_000, initialMaxMs: 5_000, maxMs: 10_000, factor: 1.3 } as const;
export const WS_CONNECT_TIMEOUT_MS = 4_000;

export const CHATTER_USER_SEARCH_PAGE_SIZE = 20;
export const MARKET_LIST_PAGE_SIZE = 20;
export const BOND_TYPE = 'Bond';

export const YIELD_MAX = 100;
export const YIELD_MAX_CHARS = 7;
export const PRICE_MAX = 250;
export const PRICE_MIN_WIDGET = 1;
export const PRICE_DECIMALS = 4;
export const PRICE_STEP = 0.0001;
export const YIELD_API_DECIMALS = 6;
export const YIELD_DISPLAY_DECIMALS = 4;
export const QUANTUM_MAX_DIGITS = 12;
export const OTP_LENGTH = 6;
export const PINCODE_LENGTH = 6;
export const BO_ID_LENGTH = 16;
export const DP_ID_LENGTH = 8;
export const CLIENT_ID_LENGTH = 8;
export const BLOCKED_EMAIL_PROVIDERS = ['gmail', 'yahoo', 'outlook', 'hotmail', 'aol'] as const;

export const ROUTE_CHANGE_WAIT_MS = 100;
export const MANIFEST_PREFETCH_DELAY_MS = 1_000;
export const RIPPLE_MS = 400;
export const CHAT_WIDGET_UPDATE_DELAY_MS = 250;

/** Toasts (spec 02 §8-9). */
export const TOAST_LIFE_MS = 4_000;

/** Chat (spec 02 §9). */
export const CHANNEL_POLL_INTERVAL_MS = 600_000;
export const CHANNEL_POLL_BATCH_SIZE = 5;
export const CHANNEL_POLL_BATCH_PAUSE_MS = 60_000;
export const DELIVERY_MARK_THROTTLE_MS = 1_000;
export const BUZZ_DURATION_MS = 2_000;
export const SCROLL_TO_BOTTOM_THRESHOLD_PX = 20;
export const CHANNEL_VISIBILITY_THRESHOLD = 0.1;

/** Shared widgets (spec 02 §9). */
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_MIN_CHARS = 3;
export const DROPDOWN_MAX_HEIGHT_PX = 180;
export const UNLISTED_LABEL = '(UNLISTED)';
export const MATURED_LABEL = '(MATURED)';
export const CLEAN_PRICE_LABEL = 'Clean Price:';
export const NOT_AVAILABLE = { value: 'NA', tooltip: 'Not Available' } as const;

/** Build polling: not fixed by the spec; a minute keeps reloads prompt without load. */
export const BUILD_POLL_INTERVAL_MS = 60_000;

/** Stamp duty on a bond trade: 0.0001 % of consideration, paid by the buyer (DESIGN §4). */
export const STAMP_DUTY_RATE = 0.000001;

/** Support (spec 02 §9; our limits): an attachment no ticket claims is deleted after this long. */
export const SUPPORT_UPLOAD_TTL_MS = 60 * 60_000;
/** The public forms (contact, request access) take at most this many requests per address per window. */
export const PUBLIC_FORM_LIMIT = 3;
export const PUBLIC_FORM_WINDOW_MS = 60 * 60_000;
