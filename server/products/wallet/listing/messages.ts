import { registerMessages } from '../../../kernel/platform/i18n/messages.js';
import type en_US from './locales/en_US.json';

/** The currency listing's server messages: locales/<locale>.json, registered when this code loads. */
type CurrencyListingMessages = typeof en_US;

declare module '../../../kernel/platform/i18n/messages.js' {
  interface MessageCatalogue extends CurrencyListingMessages {}
}

registerMessages(new URL('./locales/', import.meta.url));
