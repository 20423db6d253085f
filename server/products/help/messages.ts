import { registerMessages } from '../../kernel/i18n/messages.js';
import type en_US from './locales/en_US.json';

/** The help centre's server messages: locales/<locale>.json, registered with the kernel when this product's code loads. */
type HelpMessages = typeof en_US;

declare module '../../kernel/i18n/messages.js' {
  interface MessageCatalogue extends HelpMessages {}
}

registerMessages(new URL('./locales/', import.meta.url));
