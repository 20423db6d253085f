/**
 * The forms' password rule (spec §5): 8–64 characters with a letter and a digit. Its own module so
 * the server takes it without domain/validation.ts's form schemas, whose strength check loads
 * zxcvbn's dictionaries (the server checks strength on a thread of its own).
 */
export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d).{8,64}$/;
