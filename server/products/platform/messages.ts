import { registerMessages } from '../../kernel/platform/i18n/messages.js';
import type en_US from './locales/en_US.json';

/** The platform product's server messages: locales/<locale>.json, registered with the kernel when this product's code loads. */
type PlatformMessages = typeof en_US;

declare module '../../kernel/platform/i18n/messages.js' {
  interface MessageCatalogue extends PlatformMessages {}
}

registerMessages(new URL('./locales/', import.meta.url));
