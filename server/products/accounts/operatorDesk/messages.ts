import { registerMessages } from '../../../kernel/platform/i18n/messages.js';
import type en_US from './locales/en_US.json';

/** The users desk (issue 51 §3): its refusals and confirmations, registered when this code loads. */
type UsersDeskMessages = typeof en_US;

declare module '../../../kernel/platform/i18n/messages.js' {
  interface MessageCatalogue extends UsersDeskMessages {}
}

registerMessages(new URL('./locales/', import.meta.url));
