/** The password reset calls (spec 01 §7 Auth). */
import { detailSchema } from '../../../shared/contracts/auth';
import { api } from '../../api/http';

export const RESET_PASSWORD_PATH = '/auth/reset-password';

/** E-mails a reset link that opens the reset page of this site; the answer is the same for any address. */
export function requestPasswordReset(email: string) {
  return api.post('/api/reset-password/', { email, web_url: `${window.location.origin}${RESET_PASSWORD_PATH}` }, { schema: detailSchema });
}

export interface NewPassword {
  new_password1: string;
  new_password2: string;
}

/** Sets a new password with the link's `uid` and `token`. */
export function changePassword(uid: string, token: string, values: NewPassword) {
  return api.post(`/api/change-password/${encodeURIComponent(uid)}/`, { ...values, token }, { schema: detailSchema });
}
