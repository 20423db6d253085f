import { registerMessages } from '../../kernel/platform/i18n/messages.js';
import type en_US from './locales/en_US.json';

/** The conversions' server messages: locales/<locale>.json, registered when this product's code loads. */
type ConvertMessages = typeof en_US;
export type ConvertMessageKey = keyof ConvertMessages;

declare module '../../kernel/platform/i18n/messages.js' {
  interface MessageCatalogue extends ConvertMessages {}
}

registerMessages(new URL('./locales/', import.meta.url));
