/** User-visible texts fixed by the spec, word for word. Views take their words from here. */

export interface ErrorScreenText {
  title: string;
  text?: string;
}

/** Full-page error screen texts by status (spec 02 §8); 500 and "others" have no fixed text. */
export const ERROR_SCREENS: Record<401 | 402 | 404 | 410 | 500, ErrorScreenText> & { other: ErrorScreenText } = {
  410: {
    title: 'Invitation URL invalid',
    text: 'Ask the account administrator to invite again, and contact us if it persists.',
  },
  404: { title: 'Not Found', text: "It looks like the page doesn't exist - please check the URL and try again" },
  500: { title: 'Internal Server Error' },
  401: { title: 'Access Denied', text: 'You do not have permissions to access this page. Please contact your administrator' },
  402: { title: 'Premium', text: 'Upgrade to premium plan to start' },
  other: { title: 'Something went wrong...' },
};

/** Links on the 410 screen. */
export const INVITE_INVALID_LINKS = ['Our Website', 'Read our blog', 'Learn more'] as const;

/** The three bullets of the 402 premium wall. */
export const PREMIUM_BULLETS = [
  'Managing your portfolio efficiently',
  'Execute trades from a single screen',
  'Record external trades',
] as const;

export const BACK_TO_HOME = 'Back to Home';
export const REQUEST_UPGRADE = 'Request Upgrade';

/** The unknown-route message (spec 01 §8 allows both spellings; we use one). */
export const pageNotFound = (path: string) => `Page not found: ${path}`;

export const TOAST_TEXT = {
  fallback: 'Something went wrong!',
  offline: 'You are offline',
  connected: 'Connected',
  authRuntimeError: 'Runtime error, check the console logs...',
} as const;

export const FETCH_TIMEOUT_MESSAGE = '[TimeoutError]: The operation was aborted due to timeout';

/** `[METHOD] "url": status statusText` (spec 01 §8). */
export const fetchFailureMessage = (method: string, url: string, status: number, statusText: string) =>
  `[${method.toUpperCase()}] "${url}": ${status} ${statusText}`;

export const CROSS_FIELD_MESSAGES = {
  settlementDateAndDelta: 'Cannot provide both settlement date & delta',
  priceAndYield: 'Cannot provide both price and yield',
} as const;

export const DOWNLOAD_TEXT = {
  imDownloaded: 'Congratulations! You have downloaded the IM successfully',
  imTooltip: 'You can download IM directly from here.',
} as const;

/** Empty-state descriptions of spec 02 §2. */
export const SECTION_EMPTY_STATES = {
  chat: 'Connect with other members via direct chat, groups, broadcast lists and more',
  ticketing: 'Coordinate with counterparties and internal teams through automated tickets',
  privateRuns: 'Quotes from across your chats',
  publicRuns: 'CBC quotes published in the market',
  rfqQuotes: 'View live exchange quotes and execute trades on NSE and BSE RFQ',
} as const;

/** The bond search widget's placeholder (spec 02 §2). */
export const BOND_SEARCH_PLACEHOLDER = 'Search for Bonds by Name, ISIN, Issuer...';

export const EMPTY_TEXTS = {
  noBonds: 'No bonds found',
  startTyping: 'Start typing to search...',
  noBuyers: 'No Buyers Found',
  noSellers: 'No Sellers Found',
  noEntities: 'No Entities Found',
} as const;

/** Support toasts (spec 02 §8). */
export const SUPPORT_TOASTS = {
  contact: 'Your message has been noted',
  query: 'Your query has been noted. We will respond shortly via email.',
  issue: 'Thank you for reporting the issue. We will update you shortly via email.',
  access: 'Your request has been noted. We will update you shortly via email.',
  feedback: 'Thank you for your valuable feedback',
} as const;

/** Support failure toasts (spec 02 §8): the server's message, or these with the reason as suffix. */
export const SUPPORT_FAILURES = {
  upload: 'Error uploading file',
  create: 'Error creating intercom ticket',
} as const;

/** 'Error uploading file: <reason>' (the spec leaves the suffix open; ours is the reason). */
export const supportFailure = (stage: keyof typeof SUPPORT_FAILURES, reason: string) =>
  reason.startsWith(SUPPORT_FAILURES[stage]) ? reason : `${SUPPORT_FAILURES[stage]}: ${reason}`;

/** The dart panels' own empty states (ours: spec 02 §2 names only the runs and RFQ quotes). */
export const DART_EMPTY_TEXTS = {
  myQuotes: 'You have no quotes yet. Press B for a bid or S for an offer on the selected bond.',
  negotiations: 'No negotiations yet. Respond to a quote to open one.',
  depth: 'Select a quote to see the depth of its bond.',
  network: 'Your counterparties appear here once you negotiate or trade one to one with them.',
} as const;
