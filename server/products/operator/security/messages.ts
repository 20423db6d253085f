import { registerMessages } from '../../../kernel/platform/i18n/messages.js';
import type en_US from './locales/en_US.json';

/** The operators' own security messages (mandatory 2FA, their sessions, an admin's reset): locales/<locale>.json. */
type OperatorSecurityMessages = typeof en_US;

declare module '../../../kernel/platform/i18n/messages.js' {
  interface MessageCatalogue extends OperatorSecurityMessages {}
}

registerMessages(new URL('./locales/', import.meta.url));
