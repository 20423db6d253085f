import { registerMessages } from '../../kernel/platform/i18n/messages.js';
import type en_US from './locales/en_US.json';

/** The P2P fiat trade's server messages: locales/<locale>.json, registered when this product's code loads. */
type FiatMessages = typeof en_US;
export type FiatMessageKey = keyof FiatMessages;

declare module '../../kernel/platform/i18n/messages.js' {
  interface MessageCatalogue extends FiatMessages {}
}

registerMessages(new URL('./locales/', import.meta.url));
