import { registerMessages } from '../../kernel/platform/i18n/messages.js';
import type en_US from './locales/en_US.json';

/** The market desk's server messages (halts): locales/<locale>.json, registered when this product's code loads. */
type MarketMessages = typeof en_US;

declare module '../../kernel/platform/i18n/messages.js' {
  interface MessageCatalogue extends MarketMessages {}
}

registerMessages(new URL('./locales/', import.meta.url));
