import { isAddressOf } from '../../../domain/addressFormats.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { ALLOWLIST_ADDRESS_DELAY_MS } from '../../kernel/platform/auth/withdrawalLock.js';
import { recordSecurityNotice, type SecurityNotice } from '../../kernel/platform/auth/securityNotices.js';
import { addressProblem, collectionProblem, type AddressInput, type CollectionInput } from './settingsRules.js';
import type { CollectionMethod, WithdrawalAddress } from '../../../domain/userCentre.js';
import type { Outcome } from './accounts.js';

// The wire shapes live with the client's types, so both sides agree on them.
export type { CollectionMethod, WithdrawalAddress } from '../../../domain/userCentre.js';

/** When allowlist mode lets a withdrawal go to the address (epoch ms): saved + the allowlist delay. */
const USABLE_FROM = `(floor(extract(epoch from created_at) * 1000) + ${ALLOWLIST_ADDRESS_DELAY_MS})::float8 as usable_from`;

const trimmed = <T extends object>(input: T): T =>
  Object.fromEntries(Object.entries(input).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])) as T;

/** The owner's notice of a saved withdrawal address: in the app with the row, emailed after the commit (userRoutes.ts). */
export const addressNotice = (row: Pick<WithdrawalAddress, 'currency' | 'network' | 'address'>): SecurityNotice => ({
  kind: 'withdrawal_address_added',
  params: { currency: row.currency, network: row.network, address: row.address },
});

/**
 * Why an address may not be saved for its currency and network, or undefined: the currency must be
 * one the wallet lists networks for, the network one of that currency's (currency_network, the
 * table withdrawals read), and the address in that network's format (domain/addressFormats.ts).
 */
async function networkProblem(db: Database, currency: string, network: string, address: string): Promise<Outcome<never> | undefined> {
  const rows = await db.query<{ network: string }>('select network from currency_network where currency = $1', [currency]);
  if (rows.length === 0) return { ok: false, key: 'addressCurrencyUnknown' };
  if (!rows.some((r) => r.network === network)) return { ok: false, key: 'addressNetworkUnknown' };
  if (!isAddressOf(network, address)) return { ok: false, key: 'addressInvalid', vars: { network } };
  return undefined;
}

/**
 * Withdrawal addresses and collection methods (spec §2 c-symAddr, c-collAddr). Every statement is
 * scoped by user_id: another user's id simply matches nothing and answers "not found", which also
 * reveals nothing about whether the row exists.
 */
export function addressBook(db: Database) {
  return {
    listAddresses: (userId: number) =>
      db.query<WithdrawalAddress>(`select id::int as id, currency, network, address, note, ${USABLE_FROM} from withdrawal_address where user_id = $1 order by id desc`, [userId]),

    async addAddress(userId: number, raw: AddressInput): Promise<Outcome<WithdrawalAddress>> {
      const input = trimmed(raw);
      // The note as typed: its rule looks at the ends too (settingsRules.ts).
      const problem = addressProblem({ ...input, note: raw.note });
      if (problem) return { ok: false, key: problem };
      const currency = input.currency.toUpperCase();
      const network = input.network.toUpperCase();
      const refused = await networkProblem(db, currency, network, input.address);
      if (refused) return refused;
      const row = await db.transaction(async (tx) => {
        // Once per currency, network and address: a second copy is refused, not saved beside the first
        // (an audit saved one address three times). The database's unique index holds it (migration 067):
        // of two adds at the same moment, the later waits for the earlier and then inserts nothing.
        const [saved] = await tx.query<WithdrawalAddress>(
          `insert into withdrawal_address (user_id, currency, network, address, note) values ($1, $2, $3, $4, $5)
           on conflict (user_id, currency, network, address) do nothing
           returning id::int as id, currency, network, address, note, ${USABLE_FROM}`,
          [userId, currency, network, input.address, input.note],
        );
        if (!saved) return undefined;
        // Told with the address (issue 49 §4): allowlist mode's 24-hour wait is there for the owner to see it.
        await recordSecurityNotice(tx, userId, addressNotice(saved));
        return saved;
      });
      return row ? { ok: true, data: row } : { ok: false, key: 'addressAlreadySaved' };
    },

    async deleteAddress(userId: number, id: number): Promise<boolean> {
      return (await db.query('delete from withdrawal_address where id = $1 and user_id = $2 returning id', [id, userId])).length > 0;
    },

    listMethods: (userId: number) =>
      db.query<CollectionMethod>('select id::int as id, real_name, card_number, bank_name, currency, branch from collection_method where user_id = $1 order by id desc', [userId]),

    async addMethod(userId: number, raw: CollectionInput): Promise<Outcome<CollectionMethod>> {
      const input = trimmed(raw);
      // The raw text: trim() would take a U+FEFF or U+2028 off the ends unnoticed.
      const problem = collectionProblem(raw);
      if (problem) return { ok: false, key: problem };
      const [row] = await db.query<CollectionMethod>(
        `insert into collection_method (user_id, real_name, card_number, bank_name, currency, branch) values ($1, $2, $3, $4, $5, $6)
         returning id::int as id, real_name, card_number, bank_name, currency, branch`,
        [userId, input.real_name, input.card_number, input.bank_name, (input.currency ?? '').toUpperCase(), input.branch ?? ''],
      );
      return { ok: true, data: row! };
    },

    /** Undefined data with ok=false/notFound when the method is not the caller's. */
    async editMethod(userId: number, id: number, raw: CollectionInput): Promise<Outcome<CollectionMethod>> {
      const input = trimmed(raw);
      // The raw text: trim() would take a U+FEFF or U+2028 off the ends unnoticed.
      const problem = collectionProblem(raw);
      if (problem) return { ok: false, key: problem };
      const [row] = await db.query<CollectionMethod>(
        `update collection_method set real_name = $3, card_number = $4, bank_name = $5, currency = $6, branch = $7, updated_at = now()
         where id = $1 and user_id = $2 returning id::int as id, real_name, card_number, bank_name, currency, branch`,
        [id, userId, input.real_name, input.card_number, input.bank_name, (input.currency ?? '').toUpperCase(), input.branch ?? ''],
      );
      return row ? { ok: true, data: row } : { ok: false, key: 'notFound' };
    },

    async deleteMethod(userId: number, id: number): Promise<boolean> {
      return (await db.query('delete from collection_method where id = $1 and user_id = $2 returning id', [id, userId])).length > 0;
    },
  };
}

export type AddressBook = ReturnType<typeof addressBook>;
