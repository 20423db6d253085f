import { registerMessages } from '../../kernel/platform/i18n/messages.js';
import type en_US from './locales/en_US.json';

/** The proof of liabilities' server messages: locales/<locale>.json, registered when this product's code loads. */
type LiabilitiesMessages = typeof en_US;
export type LiabilitiesMessageKey = keyof LiabilitiesMessages;

declare module '../../kernel/platform/i18n/messages.js' {
  interface MessageCatalogue extends LiabilitiesMessages {}
}

registerMessages(new URL('./locales/', import.meta.url));
