import { registerMessages } from '../../kernel/platform/i18n/messages.js';
import type en_US from './locales/en_US.json';

/** The seconds contracts' server messages: locales/<locale>.json, registered when this product's code loads. */
type SecondsMessages = typeof en_US;
export type SecondsMessageKey = keyof SecondsMessages;

declare module '../../kernel/platform/i18n/messages.js' {
  interface MessageCatalogue extends SecondsMessages {}
}

registerMessages(new URL('./locales/', import.meta.url));
