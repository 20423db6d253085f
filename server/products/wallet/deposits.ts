import { compareDecimal, subDecimal } from '../../../domain/decimal.js';
import { DepositStatus, type DepositAddress, type DepositHeldReason, type DepositRecord, type WalletNetwork } from '../../../domain/wallet.js';
import type { ChainDeposit } from './chain/chainAdapter.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import type { Outcome } from '../../kernel/platform/outcome.js';
import { changeBalance } from '../../kernel/platform/ledger/ledger.js';
import { notify } from '../../kernel/platform/notifications/notify.js';
import { systemAccountId } from '../../kernel/platform/ledger/systemAccounts.js';
import type { WalletContext } from './context.js';
import { currencyRules, findNetwork } from './networks.js';
import { outcome, Refusal } from './refusal.js';
import { isQuantity, quantityRefusal } from './rules.js';

export const DEPOSIT_COLUMNS = `id, currency, network, address, trim_scale(quantity)::text as quantity, tx_hash,
  confirmations, confirmations_required, status, trim_scale(fee)::text as fee, held_reason, created_ms as created_at`;

/** bigint and smallint columns arrive as strings from node-postgres. */
export function toDepositRecord(row: DepositRecord): DepositRecord {
  return {
    ...row,
    id: Number(row.id),
    confirmations: Number(row.confirmations),
    confirmations_required: Number(row.confirmations_required),
    status: Number(row.status) as DepositRecord['status'],
    created_at: Number(row.created_at),
  };
}

/**
 * Why a deposit that reached the chain is held instead of credited, or undefined when it is credited
 * after its confirmations: its currency is being delisted (deposits closed), or it is below the
 * network's minimum or does not exceed its deposit fee. Held deposits are kept and shown, never lost.
 */
function heldReason(delisting: boolean, network: WalletNetwork, quantity: string): DepositHeldReason | undefined {
  if (delisting) return 'delisted';
  if (compareDecimal(quantity, network.deposit_min) < 0) return 'below_minimum';
  if (compareDecimal(network.deposit_fee, '0') > 0 && compareDecimal(quantity, network.deposit_fee) <= 0) return 'below_minimum';
  return undefined;
}

/**
 * Credits a confirmed deposit: its whole quantity crosses the chain boundary into the user's spot
 * (kind deposit, so the ledger audit's totals stay exact), then the fee moves on to the fee account
 * (deposit_fee on both sides), in the caller's transaction. Answers what the user keeps.
 */
export async function credit(tx: Queryable, userId: number, row: { id: number; currency: string; quantity: string; fee: string }): Promise<string> {
  const ref = { refType: 'deposit', refId: Number(row.id) };
  await changeBalance(tx, { userId, currency: row.currency, account: 'spot', available: row.quantity, frozen: '0', kind: 'deposit', ...ref });
  if (compareDecimal(row.fee, '0') <= 0) return row.quantity;
  await changeBalance(tx, { userId, currency: row.currency, account: 'spot', available: `-${row.fee}`, frozen: '0', kind: 'deposit_fee', ...ref });
  const fees = await systemAccountId(tx, 'fees');
  await changeBalance(tx, { userId: fees, currency: row.currency, account: 'spot', available: row.fee, frozen: '0', kind: 'deposit_fee', ...ref });
  return subDecimal(row.quantity, row.fee);
}

/** Deposits (spec §4): pending → confirming (n of N) → success, credited to spot at success; or held (status 4), never credited. */
export function deposits(ctx: WalletContext) {
  const { db } = ctx;

  /** The currency and network must exist; `open`: and take deposits (a delisted currency's do not). */
  async function depositNetwork(tx: Queryable, currency: string, network: string, open: boolean) {
    const rules = await currencyRules(tx, currency);
    if (!rules) throw new Refusal('walletCurrencyUnknown', { currency });
    const found = await findNetwork(tx, currency, network, ctx.now());
    if (!found) throw new Refusal('walletNetworkUnknown', { currency, network });
    const delisting = rules.delist_at !== null;
    if (open && delisting) throw new Refusal('walletCurrencyDelisting', { currency });
    // An operator's switch refuses at the chain's door; a delisting's deposits are held (below).
    if (!delisting && !found.deposit_enabled) throw new Refusal('walletDepositClosed', { currency, network });
    return { found, delisting };
  }

  return {
    /** The user's address for (currency, network): made by the chain adapter once, then kept. */
    address(userId: number, currency: string, network: string): Promise<Outcome<DepositAddress>> {
      return outcome(async () => {
        const { found } = await depositNetwork(db, currency, network, true);
        const address = ctx.chain.depositAddress(userId, currency, network);
        await db.query(
          `insert into deposit_address (user_id, currency, network, address, created_ms) values ($1, $2, $3, $4, $5) on conflict do nothing`,
          [userId, currency, network, address, ctx.now()],
        );
        const [row] = await db.query<{ address: string }>('select address from deposit_address where user_id = $1 and currency = $2 and network = $3', [
          userId,
          currency,
          network,
        ]);
        return { currency, network, address: row!.address, deposit_min: found.deposit_min, deposit_fee: found.deposit_fee };
      });
    },

    /**
     * A transfer to a deposit address appeared on the chain: recorded as pending, nothing credited
     * yet, with the network's deposit fee of this moment (the one the page showed the sender); or
     * recorded as held with its reason (heldReason), for the user to see in their history.
     */
    seen(input: ChainDeposit): Promise<Outcome<DepositRecord>> {
      return outcome(() =>
        db.transaction(async (tx) => {
          const { found, delisting } = await depositNetwork(tx, input.currency, input.network, false);
          if (!isQuantity(input.quantity)) throw new Refusal(quantityRefusal(input.quantity));
          const held = heldReason(delisting, found, input.quantity);
          const [owner] = await tx.query<{ user_id: number }>('select user_id from deposit_address where network = $1 and address = $2 and currency = $3', [
            input.network,
            input.address,
            input.currency,
          ]);
          if (!owner) throw new Refusal('walletAddressUnknown');
          const now = ctx.now();
          const inserted = await tx.query<DepositRecord>(
            `insert into deposit (user_id, currency, network, address, quantity, tx_hash, confirmations_required, created_ms, updated_ms, status, fee, held_reason)
             values ($1, $2, $3, $4, $5::numeric, $6, $7, $8, $8, $9, $10::numeric, $11) on conflict (tx_hash) do nothing returning ${DEPOSIT_COLUMNS}`,
            [
              owner.user_id, input.currency, input.network, input.address, input.quantity, input.txHash, found.confirmations, now,
              held ? DepositStatus.held : DepositStatus.pending, held ? '0' : found.deposit_fee, held ?? null,
            ],
          );
          // The same transaction reported twice is one deposit.
          const row = inserted[0] ?? (await tx.query<DepositRecord>(`select ${DEPOSIT_COLUMNS} from deposit where tx_hash = $1`, [input.txHash]))[0]!;
          return { record: toDepositRecord(row), userId: inserted[0] ? Number(owner.user_id) : undefined };
        }),
      ).then((result) => {
        if (!result.ok) return result;
        const { record, userId } = result.data;
        // A new row for the deposit lists on screen (a repeated report changes nothing).
        if (userId !== undefined) ctx.recordChanged(userId, { record: 'deposit', id: record.id, status: record.status });
        return { ...result, data: record };
      });
    },

    /**
     * A deposit now has `confirmations`. Status and credit move together in one transaction, and
     * only from pending/confirming, so a repeated or late report can never credit twice.
     */
    async confirmed(txHash: string, confirmations: number): Promise<void> {
      const credited = await db.transaction(async (tx) => {
        const [row] = await tx.query<{ id: number; user_id: number; currency: string; network: string; quantity: string; fee: string; status: number }>(
          `update deposit set confirmations = greatest(confirmations, $2),
             status = case when greatest(confirmations, $2) >= confirmations_required then 3 else 2 end,
             updated_ms = $3
           where tx_hash = $1 and status in (1, 2)
           returning id, user_id, currency, network, trim_scale(quantity)::text as quantity, trim_scale(fee)::text as fee, status`,
          [txHash, confirmations, ctx.now()],
        );
        if (!row) return undefined;
        const userId = Number(row.user_id);
        if (Number(row.status) !== 3) return { userId, id: Number(row.id), status: Number(row.status), currency: undefined };
        const kept = await credit(tx, userId, row);
        await notify(tx, userId, { kind: 'deposit_credited', params: { currency: row.currency, quantity: kept, network: row.network } });
        return { userId, id: Number(row.id), status: 3, currency: row.currency };
      });
      if (!credited) return;
      if (credited.currency) ctx.balancesChanged(credited.userId, [{ currency: credited.currency, account: 'spot' }]);
      ctx.recordChanged(credited.userId, { record: 'deposit', id: credited.id, status: credited.status, notice: credited.status === 3 });
    },
  };
}
