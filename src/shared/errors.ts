/**
 * The API error catalogue: every error the server sends has one of these codes, its HTTP status
 * and a default message. The wire shape is `{ code, message, fields? }` (see contracts/common.ts).
 */
export const ERROR_CATALOGUE = {
  VALIDATION_FAILED: { status: 400, message: 'Some fields are not valid.' },
  BAD_REQUEST: { status: 400, message: 'The request could not be understood.' },
  UNAUTHENTICATED: { status: 401, message: 'Please sign in to continue.' },
  INVALID_CREDENTIALS: { status: 401, message: 'Incorrect email or password.' },
  TOKEN_INVALID: { status: 401, message: 'Your session has ended. Please sign in again.' },
  // The built-in chat's session (spec 02 §4 Session token problems; codes in contracts/chat.ts CHAT_SESSION_ERRORS).
  CHAT_TOKEN_INVALID: { status: 401, message: 'Your chat session is not valid. Reconnecting chat.' },
  CHAT_TOKEN_EXPIRED: { status: 401, message: 'Your chat session has expired. Reconnecting chat.' },
  CHAT_SESSION_REVOKED: { status: 401, message: 'Your chat session was ended.' },
  CHAT_USER_DEACTIVATED: { status: 401, message: 'Your account is deactivated; chat is closed.' },
  PREMIUM_REQUIRED: { status: 402, message: 'Upgrade to premium plan to start' },
  FORBIDDEN: { status: 403, message: 'You do not have permission to do this.' },
  VIEW_ONLY: { status: 403, message: 'Your access is view-only.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  ROUTE_NOT_FOUND: { status: 404, message: 'There is no such API endpoint.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'This method is not allowed here.' },
  CONFLICT: { status: 409, message: 'This action is not possible in the current state.' },
  LAST_OPSADMIN: { status: 409, message: 'A client must keep at least one active OpsAdmin.' },
  OWN_ROLES: { status: 409, message: 'You cannot change your own roles. Ask another OpsAdmin.' },
  ALREADY_MEMBER: { status: 409, message: 'This person already has an active account at your client.' },
  FIGURES_CHANGED: { status: 409, message: 'The figures changed since you looked. Check the current figures and accept again.' },
  WRITE_CONFLICT: { status: 409, message: 'Someone else saved the same thing at the same moment. Nothing was changed; please try again.' },
  INVITE_INVALID: { status: 410, message: 'Invitation URL invalid' },
  INVITE_PROOF_REQUIRED: {
    status: 409,
    message: 'You already have an account. Accept the invitation with your password or a one-time password instead.',
  },
  RESET_LINK_INVALID: { status: 400, message: 'This password reset link is invalid or has expired.' },
  // A reset link carries a live token: it may only point at this installation (PUBLIC_URL).
  FOREIGN_WEB_URL: { status: 400, message: 'The reset link must open a page of this site.' },
  OTP_NOT_VERIFIED: { status: 400, message: 'Please verify the OTP sent to your email or mobile first.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'This content type is not supported.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  ACCOUNT_LOCKED: { status: 429, message: 'Too many failed sign-in attempts. Please try again in 15 minutes.' },
  OTP_INVALID: { status: 400, message: 'Incorrect OTP. Please check the code and try again.' },
  OTP_EXPIRED: { status: 400, message: 'This OTP has expired. Please request a new one.' },
  OTP_LOCKED: { status: 429, message: 'Too many incorrect attempts. Please request a new OTP.' },
  OTP_SEND_LIMIT: { status: 429, message: 'Too many OTPs requested. Please try again in 15 minutes.' },
  CHAT_SERVICE_FAILED: { status: 502, message: 'The chat service did not answer. Please try again.' },
  SUPPORT_DESK_FAILED: { status: 502, message: 'Error creating intercom ticket' },
  INTERNAL: { status: 500, message: 'Internal Server Error' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is starting or unavailable. Please try again shortly.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as [ErrorCode, ...ErrorCode[]];
