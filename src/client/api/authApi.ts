/** The auth calls the session machine makes (spec 01 §7 Auth). */
import { tokenPairSchema, type TokenPair } from '../../shared/contracts/auth';
import type { SignInCredentials } from '../../../machines/session.machine';
import { api } from './http';

/** Signs in with a password or a login OTP. */
export function signIn(credentials: SignInCredentials): Promise<TokenPair> {
  return credentials.kind === 'password'
    ? api.post('/api/token/', { email: credentials.email, password: credentials.password }, { schema: tokenPairSchema })
    : api.post(
        '/api/token/otp/',
        { email: credentials.email, mobile: credentials.mobile, otp: credentials.otp },
        { schema: tokenPairSchema },
      );
}

/** New tokens from the httpOnly refresh cookie: used at start and on every refresh. */
export function refreshTokens(): Promise<TokenPair> {
  return api.post('/api/token/refresh/', undefined, { schema: tokenPairSchema });
}

/** Revokes the refresh token family and clears the cookie. */
export async function signOut(): Promise<void> {
  await api.post('/api/logout/');
}

/** Sends a login one-time password to an e-mail or mobile. */
export async function requestLoginOtp(identity: { email?: string; mobile?: string }): Promise<void> {
  await api.post('/api/request-otp/', { ...identity, request_type: 'login', client_mode: 'SOFTWARE' });
}
