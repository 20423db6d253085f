import { registerMessages } from '../../kernel/platform/i18n/messages.js';
import type en_US from './locales/en_US.json';

/** Spot trading's server messages: locales/<locale>.json, registered with the kernel when this product's code loads. */
type SpotMessages = typeof en_US;
export type TradingMessageKey = keyof SpotMessages;

declare module '../../kernel/platform/i18n/messages.js' {
  interface MessageCatalogue extends SpotMessages {}
}

registerMessages(new URL('./locales/', import.meta.url));
