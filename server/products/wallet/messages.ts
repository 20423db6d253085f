import { registerMessages } from '../../kernel/platform/i18n/messages.js';
import type en_US from './locales/en_US.json';

/** The wallet's server messages: locales/<locale>.json, registered with the kernel when this product's code loads. */
type WalletMessages = typeof en_US;
export type WalletMessageKey = keyof WalletMessages;

declare module '../../kernel/platform/i18n/messages.js' {
  interface MessageCatalogue extends WalletMessages {}
}

registerMessages(new URL('./locales/', import.meta.url));
