import { registerMessages } from '../../../kernel/platform/i18n/messages.js';
import type en_US from './locales/en_US.json';

/** Sessions, login history and the anti-phishing code (issue 35): their messages and the emails' texts, registered when this code loads. */
type SessionMessages = typeof en_US;

declare module '../../../kernel/platform/i18n/messages.js' {
  interface MessageCatalogue extends SessionMessages {}
}

registerMessages(new URL('./locales/', import.meta.url));
