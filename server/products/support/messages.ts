import { registerMessages } from '../../kernel/platform/i18n/messages.js';
import type en_US from './locales/en_US.json';

/** Support's server messages (help centre, notifications): locales/<locale>.json, registered with the kernel when this product's code loads. */
type SupportMessages = typeof en_US;

declare module '../../kernel/platform/i18n/messages.js' {
  interface MessageCatalogue extends SupportMessages {}
}

registerMessages(new URL('./locales/', import.meta.url));
