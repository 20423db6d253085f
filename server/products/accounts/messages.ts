import { registerMessages } from '../../kernel/platform/i18n/messages.js';
import type en_US from './locales/en_US.json';

/** The accounts product's server messages (registration, login, verification codes and their email, the user centre): locales/<locale>.json, registered with the kernel when this product's code loads. */
type AccountMessages = typeof en_US;

declare module '../../kernel/platform/i18n/messages.js' {
  interface MessageCatalogue extends AccountMessages {}
}

registerMessages(new URL('./locales/', import.meta.url));
