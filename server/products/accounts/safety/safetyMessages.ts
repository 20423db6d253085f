import { registerMessages } from '../../../kernel/platform/i18n/messages.js';
import type en_US from './locales/en_US.json';

/** The accounts product's account-safety messages (issue 35: password policy, no enumeration, allowlist, security level): locales/<locale>.json. */
type SafetyMessages = typeof en_US;

declare module '../../../kernel/platform/i18n/messages.js' {
  interface MessageCatalogue extends SafetyMessages {}
}

registerMessages(new URL('./locales/', import.meta.url));
