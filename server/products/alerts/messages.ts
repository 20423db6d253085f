import { registerMessages } from '../../kernel/platform/i18n/messages.js';
import type en_US from './locales/en_US.json';

/** The price alerts' server messages: locales/<locale>.json, registered when this product's code loads. */
type AlertsMessages = typeof en_US;
export type AlertsMessageKey = keyof AlertsMessages;

declare module '../../kernel/platform/i18n/messages.js' {
  interface MessageCatalogue extends AlertsMessages {}
}

registerMessages(new URL('./locales/', import.meta.url));
