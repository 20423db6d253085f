import { registerMessages } from '../../kernel/platform/i18n/messages.js';
import type en_US from './locales/en_US.json';

/** The operators desk's and the audit desk's server messages: locales/<locale>.json, registered when this product's code loads. */
type OperatorMessages = typeof en_US;

declare module '../../kernel/platform/i18n/messages.js' {
  interface MessageCatalogue extends OperatorMessages {}
}

registerMessages(new URL('./locales/', import.meta.url));
