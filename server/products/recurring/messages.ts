import { registerMessages } from '../../kernel/platform/i18n/messages.js';
import type en_US from './locales/en_US.json';

/** The recurring buys' server messages: locales/<locale>.json, registered when this product's code loads. */
type RecurringMessages = typeof en_US;
export type RecurringMessageKey = keyof RecurringMessages;

declare module '../../kernel/platform/i18n/messages.js' {
  interface MessageCatalogue extends RecurringMessages {}
}

registerMessages(new URL('./locales/', import.meta.url));
