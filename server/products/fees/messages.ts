import { registerMessages } from '../../kernel/platform/i18n/messages.js';
import type en_US from './locales/en_US.json';

/** The fee schedules' server messages: locales/<locale>.json, registered when this product's code loads. */
type FeesMessages = typeof en_US;
export type FeesMessageKey = keyof FeesMessages;

declare module '../../kernel/platform/i18n/messages.js' {
  interface MessageCatalogue extends FeesMessages {}
}

registerMessages(new URL('./locales/', import.meta.url));
