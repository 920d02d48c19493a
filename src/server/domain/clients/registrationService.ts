/** The registration service: registration OTP checks, sign-up (new client or invitation) and lite leads. */
import type { LiteRegistration, Registration } from '../../../shared/contracts/clients.js';
import type { OtpMode } from '../../../shared/enums.js';
import type { ServiceDeps } from '../../serviceDeps.js';
import { createLead } from '../requests/requests.js';
import { recordOtpVerification, type Identity } from './otpVerification.js';
import { register } from './registration.js';

export function createRegistrationService({ db, clock, config }: ServiceDeps) {
  return {
    verifyOtp: (identity: Identity, mode: OtpMode, otp: string) => recordOtpVerification(db, clock, config, identity, mode, otp),
    register: (input: Registration) => register(db, clock, input),
    createLead: (lead: LiteRegistration) => createLead(db, clock, lead),
  };
}
