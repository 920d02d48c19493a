/** The registration service: registration OTP checks and sign-up (new client or invitation); lite leads are support requests. */
import type { Registration } from '../../../shared/contracts/clients.js';
import type { OtpMode } from '../../../shared/enums.js';
import type { ServiceDeps } from '../../serviceDeps.js';
import { recordOtpVerification, type Identity } from './otpVerification.js';
import { register } from './registration.js';

export function createRegistrationService({ db, clock, config }: ServiceDeps) {
  return {
    verifyOtp: (identity: Identity, mode: OtpMode, otp: string) => recordOtpVerification(db, clock, config, identity, mode, otp),
    register: (input: Registration) => register(db, clock, input),
  };
}
