import { registerMessages } from '../../kernel/platform/i18n/messages.js';
import type en_US from './locales/en_US.json';

/** The ICO subscription's server messages: locales/<locale>.json, registered when this product's code loads. */
type IcoMessages = typeof en_US;
export type IcoMessageKey = keyof IcoMessages;

declare module '../../kernel/platform/i18n/messages.js' {
  interface MessageCatalogue extends IcoMessages {}
}

registerMessages(new URL('./locales/', import.meta.url));
