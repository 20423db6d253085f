import { registerMessages } from '../../kernel/platform/i18n/messages.js';
import type en_US from './locales/en_US.json';

/** Identity verification's server messages: locales/<locale>.json, registered with the kernel when this product's code loads. */
type KycMessages = typeof en_US;

declare module '../../kernel/platform/i18n/messages.js' {
  interface MessageCatalogue extends KycMessages {}
}

registerMessages(new URL('./locales/', import.meta.url));
