import { registerMessages } from '../../kernel/i18n/messages.js';
import type en_US from './locales/en_US.json';

/** The notifications product's server messages: locales/<locale>.json, registered with the kernel when this product's code loads. */
type NotificationMessages = typeof en_US;

declare module '../../kernel/i18n/messages.js' {
  interface MessageCatalogue extends NotificationMessages {}
}

registerMessages(new URL('./locales/', import.meta.url));
