import { compareDecimal } from '../../../../domain/decimal.js';
import { isDecimalInput } from '../../../../domain/decimalRule.js';
import {
  CURRENCY_CONFIRMATIONS_MAX,
  CURRENCY_NAME_MAX,
  CURRENCY_NETWORKS_MAX,
  CURRENCY_PRECISION_MAX,
  CURRENCY_SYMBOL_PATTERN,
  NETWORK_NAME_PATTERN,
  type CurrencyListing,
} from '../../../../domain/marketsDesk.js';
import type { OperatorActor } from '../../../kernel/platform/auth/operators/access.js';
import { writeOperatorAudit } from '../../../kernel/platform/auth/operators/auditLog.js';
import { askOperatorCode, auditRefusal } from '../../../kernel/platform/auth/operators/operatorAction.js';
import type { Database, Queryable } from '../../../kernel/platform/db/database.js';
import { refuse, type Outcome } from '../../../kernel/platform/outcome.js';
import './messages.js';

/** Where a listed currency goes in the lists: after the seeded ones (their sort is below 100), as listed pairs do. */
const LISTED_SORT = 900;

/**
 * A decimal of 0 or more (above 0 when `strict`), written the one way the exchange reads one and
 * with no more places than the currency's precision (trailing zeros, "0.10000000", add none).
 */
const amount = (value: string, precision: number, strict: boolean) =>
  isDecimalInput(value, { places: precision }) && (strict ? compareDecimal(value, '0') > 0 : compareDecimal(value, '0') >= 0);

/** The listing as stored: symbols and networks in capitals, names and amounts trimmed. */
function normalised(l: CurrencyListing): CurrencyListing {
  return {
    symbol: l.symbol.trim().toUpperCase(),
    name: l.name.trim(),
    precision: l.precision,
    networks: l.networks.map((n) => ({ ...n, network: n.network.trim().toUpperCase(), deposit_min: n.deposit_min.trim(), withdraw_min: n.withdraw_min.trim(), withdraw_fee: n.withdraw_fee.trim(), deposit_fee: (n.deposit_fee ?? '0').trim() })),
  };
}

/** What the tables cannot say, checked before the code is asked and anything is written. */
function checkListing(l: CurrencyListing): Outcome<true> {
  if (!CURRENCY_SYMBOL_PATTERN.test(l.symbol)) return refuse('currencyListingSymbol');
  if (l.name.length === 0 || l.name.length > CURRENCY_NAME_MAX) return refuse('currencyListingName', { max: String(CURRENCY_NAME_MAX) });
  if (!Number.isInteger(l.precision) || l.precision < 0 || l.precision > CURRENCY_PRECISION_MAX) return refuse('currencyListingPrecision', { max: String(CURRENCY_PRECISION_MAX) });
  const names = new Set(l.networks.map((n) => n.network));
  if (l.networks.length === 0 || l.networks.length > CURRENCY_NETWORKS_MAX || names.size !== l.networks.length || l.networks.some((n) => !NETWORK_NAME_PATTERN.test(n.network))) {
    return refuse('currencyListingNetworks', { max: String(CURRENCY_NETWORKS_MAX) });
  }
  for (const n of l.networks) {
    const amounts = amount(n.deposit_min, l.precision, false) && amount(n.withdraw_min, l.precision, true) && amount(n.withdraw_fee, l.precision, false);
    // A withdrawal of the minimum must leave something once its fee is taken.
    if (!amounts || compareDecimal(n.withdraw_fee, n.withdraw_min) >= 0) return refuse('currencyListingAmounts', { network: n.network });
    // A deposit's fee is taken from what it credits: one of the minimum must leave something.
    const depositFee = n.deposit_fee ?? '0';
    if (!amount(depositFee, l.precision, false) || (compareDecimal(depositFee, '0') > 0 && compareDecimal(depositFee, n.deposit_min) >= 0)) {
      return refuse('currencyListingDepositFee', { network: n.network });
    }
    if (!Number.isInteger(n.confirmations) || n.confirmations < 1 || n.confirmations > CURRENCY_CONFIRMATIONS_MAX) return refuse('currencyListingConfirmations', { network: n.network });
  }
  return { ok: true, data: true };
}

/**
 * Lists a currency while the exchange runs (issue 52 §1): a risk operator, with their 2FA code,
 * gives its symbol, name, precision and networks with their deposit minimum and fee, withdrawal
 * minimum and fee and confirmations. One transaction inserts the kernel's `currency` row (price 0 until its
 * first trade against USDT sets it: spot's currency prices), the wallet's `currency_network` rows and
 * the audit row, last. Nothing keeps currencies or networks in memory on the server — the wallet
 * (networks.ts), the deposit address, the withdrawal rules, the ledger audit and the startup's
 * currency list read the tables each time — so deposits, withdrawals and a pair on it (markets'
 * listing) work at once on every process, with no restart. A refusal changes nothing and is
 * audited as refused.
 */
export function currencyListing(db: Database, now: () => number = Date.now) {
  async function insert(tx: Queryable, l: CurrencyListing): Promise<Outcome<{ symbol: string }>> {
    const inserted = await tx.query(
      `insert into currency (symbol, name, price, recharge_turn, draw_turn, legal_status, circulating_supply, sort, amount_places)
       values ($1, $2, 0, 1, 1, 0, 0, ${LISTED_SORT}, $3) on conflict (symbol) do nothing returning 1`,
      [l.symbol, l.name, l.precision],
    );
    if (inserted.length === 0) return refuse('currencyListingExists');
    // A network row left by an earlier currency of the symbol (the table has no foreign key) is replaced.
    await tx.query('delete from currency_network where currency = $1', [l.symbol]);
    for (const [sort, n] of l.networks.entries()) {
      await tx.query(
        `insert into currency_network (currency, network, deposit_min, withdraw_min, withdraw_fee, deposit_fee, confirmations, sort)
         values ($1, $2, $3::numeric, $4::numeric, $5::numeric, $6::numeric, $7, $8)`,
        [l.symbol, n.network, n.deposit_min, n.withdraw_min, n.withdraw_fee, n.deposit_fee ?? '0', n.confirmations, sort],
      );
    }
    return { ok: true, data: { symbol: l.symbol } };
  }

  return async function list(operator: OperatorActor, listing: CurrencyListing, code: string | undefined, lang?: string): Promise<Outcome<{ symbol: string }>> {
    const l = normalised(listing);
    const action = { operator, kind: 'currency.list' as const, object: { type: 'currency', id: l.symbol || '?' } };
    const checked = checkListing(l);
    if (!checked.ok) return auditRefusal(db, action, checked);
    // Listing opens deposits of a new asset: the operator's own code, before the transaction.
    const allowed = await askOperatorCode(db, { ...action, code, now: now(), lang, notEnabled: 'currencyListingTwoFactorRequired' });
    if (!allowed.ok) return allowed;
    const outcome = await db.transaction(async (tx) => {
      const done = await insert(tx, l);
      if (done.ok) await writeOperatorAudit(tx, { ...action, after: { ...l }, detail: l.symbol });
      return done;
    });
    return auditRefusal(db, action, outcome);
  };
}
