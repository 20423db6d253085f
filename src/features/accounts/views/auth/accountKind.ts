/**
 * Whether what is typed as the account reads as a phone number (digits, spaces, dashes): only then
 * do the sign-in, registration and reset forms ask for its area code (issue 50 C9: an email
 * registration showed "Area code (phone only)").
 */
export const looksLikePhone = (account: string) => /^[\d\s-]{3,}$/.test(account.trim());
