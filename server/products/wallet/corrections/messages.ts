import { registerMessages } from '../../../kernel/platform/i18n/messages.js';
import type en_US from './locales/en_US.json';

/** The balance corrections' server messages: locales/<locale>.json, registered when this code loads. */
type CorrectionMessages = typeof en_US;
export type CorrectionMessageKey = keyof CorrectionMessages;

declare module '../../../kernel/platform/i18n/messages.js' {
  interface MessageCatalogue extends CorrectionMessages {}
}

registerMessages(new URL('./locales/', import.meta.url));
