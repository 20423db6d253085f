import { registerMessages } from '../../i18n/messages.js';
import type en_US from './locales/en_US.json';

/**
 * The refusals of the checks before crypto leaves an account (funds password, lock): the kernel's,
 * because every product with such an exit asks them (the wallet's withdrawal, P2P's release, sale
 * and sell ad), and products never import each other.
 */
type OutflowMessages = typeof en_US;
declare module '../../i18n/messages.js' {
  interface MessageCatalogue extends OutflowMessages {}
}
registerMessages(new URL('./locales/', import.meta.url));
