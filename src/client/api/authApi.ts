/** The auth calls the session machine makes (spec 01 §7 Auth). */
import { sessionSchema, tokenPairSchema, type TokenPair } from '../../shared/contracts/auth';
import type { SignedIn, SignInCredentials } from '../../../machines/session.machine';
import { api } from './http';

async function withSession(pair: TokenPair): Promise<SignedIn> {
  const session = await api.get('/api/session/', { schema: sessionSchema, accessToken: pair.access });
  return { access: pair.access, session, refreshTokenMaxAgeMs: pair.refresh_expires_in * 1000 };
}

/** Signs in with a password or a login OTP, then fetches the session. */
export async function signIn(credentials: SignInCredentials): Promise<SignedIn> {
  const pair = credentials.kind === 'password'
    ? await api.post('/api/token/', { email: credentials.email, password: credentials.password }, { schema: tokenPairSchema })
    : await api.post('/api/token/otp/', { email: credentials.email, mobile: credentials.mobile, otp: credentials.otp }, { schema: tokenPairSchema });
  return withSession(pair);
}

/** New tokens from the httpOnly refresh cookie, then the session: used at start and every refresh. */
export async function refreshSession(): Promise<SignedIn> {
  return withSession(await api.post('/api/token/refresh/', undefined, { schema: tokenPairSchema }));
}

/** Revokes the refresh token family and clears the cookie. */
export async function signOut(): Promise<void> {
  await api.post('/api/logout/');
}

/** Sends a login one-time password to an e-mail or mobile. */
export async function requestLoginOtp(identity: { email?: string; mobile?: string }): Promise<void> {
  await api.post('/api/request-otp/', { ...identity, request_type: 'login', client_mode: 'SOFTWARE' });
}
