import { registerMessages } from '../../kernel/platform/i18n/messages.js';
import type en_US from './locales/en_US.json';

/** The API keys' server messages: locales/<locale>.json, registered with the kernel when this product's code loads. */
type ApiKeyMessages = typeof en_US;
export type ApiKeyMessageKey = keyof ApiKeyMessages;

declare module '../../kernel/platform/i18n/messages.js' {
  interface MessageCatalogue extends ApiKeyMessages {}
}

registerMessages(new URL('./locales/', import.meta.url));
