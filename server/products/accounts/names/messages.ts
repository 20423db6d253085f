import { registerMessages } from '../../../kernel/platform/i18n/messages.js';
import type en_US from './locales/en_US.json';

/**
 * The refusals of what other users read as a name or a payee's number (issue 49 §6): a collection
 * method's card or account number, a nickname that mixes alphabets or looks like another's. A
 * folder of their own beside the user centre's catalogue.
 */
type NameMessages = typeof en_US;
declare module '../../../kernel/platform/i18n/messages.js' {
  interface MessageCatalogue extends NameMessages {}
}
registerMessages(new URL('./locales/', import.meta.url));
