/** Texts of the password pages (ours: the spec gives none). */
export const PASSWORD_TEXT = {
  // The same words whether or not the address has an account, so the page cannot be used to probe.
  resetSent: 'If this email belongs to an account, a password reset link has been sent to it. The link works for 1 hour.',
  changed: 'Your password has been changed. Please sign in with the new password.',
  invalidLink: 'This password reset link is incomplete. Open the link from the e-mail again, or ask for a new one.',
} as const;
