import { compareDecimal, isDecimalString } from '../../../domain/decimal.js';
import { CONTRACT_LEVERAGE_MAX, type ContractListing } from '../../../domain/marketsDesk.js';
import type { OperatorActor } from '../../kernel/platform/auth/operators/access.js';
import type { Database, Queryable } from '../../kernel/platform/db/database.js';
import { listingStatus, setListing } from '../../kernel/platform/pairListing.js';
import { refuse, type Outcome } from '../../kernel/platform/outcome.js';
import { auditedListing } from './auditedListing.js';
import './messages.js';

const places = (decimal: string) => decimal.split('.')[1]?.length ?? 0;

/** What the tables cannot say, checked before anything is read or written. */
function checkContract(l: ContractListing): Outcome<true> {
  if (!Number.isInteger(l.max_leverage) || l.max_leverage < 1 || l.max_leverage > CONTRACT_LEVERAGE_MAX) return refuse('contractListingLeverage', { max: String(CONTRACT_LEVERAGE_MAX) });
  if (l.reference_price !== undefined && (!isDecimalString(l.reference_price) || compareDecimal(l.reference_price, '0') <= 0)) return refuse('contractListingReferencePrice');
  return { ok: true, data: true };
}

/**
 * Lists a perpetual contract on an existing spot pair while the exchange runs (issue 52 §1): a risk
 * operator, with their 2FA code, names a trading USDT pair, the contract's highest leverage and
 * whether the futures makers quote it. One transaction lists it (the futures' pair_listing row), sets its terms
 * (migration 056 of futures) and announces the pairs' cache change with its audit row last; the
 * notice reaches every process, and the futures product opens the contract where it runs
 * (futures/product.ts `openListed`). The contract trades at the pair's precisions and minimums
 * (one set per pair, which pages read for both markets). Its index is the spot market's price;
 * until the spot market has traded, the pair's reference price, which the listing may give when
 * the pair has none. A refusal changes nothing and is audited as refused.
 */
export function contractListing(db: Database, now: () => number = Date.now) {
  async function list(tx: Queryable, l: ContractListing): Promise<Outcome<{ symbol: string }>> {
    const [pair] = await tx.query<{ left_symbol: string; right_symbol: string; trade_status: number; contract_status: number; delist_at: Date | null; price_precision: number; reference_price: string | null }>(
      `select left_symbol, right_symbol, ${listingStatus('spot')} as trade_status, ${listingStatus('futures')} as contract_status, delist_at, price_precision, reference_price::text as reference_price
       from pair where left_symbol || '_' || right_symbol = $1 for update`,
      [l.symbol],
    );
    if (!pair || pair.trade_status !== 1 || pair.delist_at !== null) return refuse('contractListingNoPair');
    if (pair.right_symbol !== 'USDT') return refuse('contractListingQuote');
    if (pair.contract_status === 1) return refuse('contractAlreadyListed');
    if (l.reference_price !== undefined && places(l.reference_price) > Number(pair.price_precision)) return refuse('contractListingReferencePrice');
    if (pair.reference_price === null && l.reference_price === undefined) {
      // The index needs a price: the spot market's trades, or a reference until it has some.
      const [traded] = await tx.query('select 1 from spot_trade where left_symbol = $1 and right_symbol = $2 limit 1', [pair.left_symbol, pair.right_symbol]);
      if (!traded) return refuse('contractListingNoPrice');
    }
    await tx.query(
      // A contract delisted before (contractDelisting.ts) starts afresh: no halt, no delisting.
      `update pair set contract_max_leverage = $2, contract_makers = $3, reference_price = coalesce(reference_price, $4::numeric),
         contract_halted_reason = null, contract_halted_at = null, contract_delist_at = null, contract_delist_reason = null, contract_delist_halted_at = null, contract_delisted_at = null
       where left_symbol || '_' || right_symbol = $1`,
      [l.symbol, l.max_leverage, l.makers, l.reference_price ?? null],
    );
    await setListing(tx, 'futures', pair.left_symbol, pair.right_symbol, true);
    return { ok: true, data: { symbol: l.symbol } };
  }

  return async function listContract(operator: OperatorActor, listing: ContractListing, code: string | undefined, lang?: string): Promise<Outcome<{ symbol: string }>> {
    const l = { ...listing, symbol: listing.symbol.toUpperCase() };
    const object = { type: 'contract', id: l.symbol };
    return auditedListing(db, now, { operator, code, lang, kind: 'contract.list', object, listing: l, checked: checkContract(l), write: (tx) => list(tx, l) });
  };
}
