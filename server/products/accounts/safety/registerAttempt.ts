import './safetyMessages.js';

/**
 * No enumeration (issue 35): a registration code asked for an address that already has an account
 * is not sent; the address gets a notice instead (this purpose, no code: registerAttemptEmail* of
 * safety/locales, rendered by sessions/emails.ts), and the caller the same "code sent" answer as
 * for a new address.
 */
export const REGISTER_ATTEMPT = 'register_existing';
