import { registerMessages } from '../../kernel/platform/i18n/messages.js';
import type en_US from './locales/en_US.json';

/** The futures product's server messages: locales/<locale>.json, registered when this product's code loads. */
type FuturesMessages = typeof en_US;
export type FuturesMessageKey = keyof FuturesMessages;

declare module '../../kernel/platform/i18n/messages.js' {
  interface MessageCatalogue extends FuturesMessages {}
}

registerMessages(new URL('./locales/', import.meta.url));
