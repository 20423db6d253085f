import type { Database } from '../../kernel/platform/db/database.js';
import { addressBook, type AddressBook } from './addressBook.js';
import type { CodeDelivery } from './delivery.js';
import { profile, type Profile } from './profile.js';
import { security, type Security } from './security.js';

export interface UserCentre {
  profile: Profile;
  security: Security;
  book: AddressBook;
}

/** The user centre's use cases over one database, code delivery and upload directory. */
export function userCentre(deps: { db: Database; delivery: CodeDelivery; dataDir: string }): UserCentre {
  return { profile: profile(deps), security: security(deps), book: addressBook(deps.db) };
}
