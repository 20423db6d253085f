import { fx, fxText } from '../../../domain/fx.js';
import { fundingRate } from '../../../domain/futures/formulas.js';
import { payFunding as fundingOn } from './engine/engine.js';
import type { FuturesExchange } from './exchange.js';
import { positionKey } from './positions.js';
import { cancelUnbackedCloses } from './handlers.js';

export interface FundingResult {
  symbol: string;
  fundingMs: number;
  rate: string;
  positions: number;
  paid: string;
  received: string;
}

/**
 * Pays one pair's funding for the funding time `fundingMs`, once: the futures_funding row is
 * inserted in the payments' transaction, so a second run (a retry, a restart) finds it and pays
 * nothing. Rate from the interval's average premium (futures_mark); each open position pays or
 * receives notional at mark × rate. The insurance fund is the clearing party: payers pay into it
 * (rounded up), receivers are paid from it (rounded down), so the sums match to the last unit with
 * the rounding remainder left in the fund. A payer short of available balance pays the rest from
 * the position's margin (leaving the pool); beyond that the fund bears it.
 */
export function payFunding(ex: FuturesExchange, symbol: string, fundingMs: number): Promise<FundingResult | undefined> {
  return ex.job(async (b, now) => {
    const pair = ex.pairs.get(symbol)!;
    const marks = ex.marks.get(symbol);
    if (!marks) return undefined;
    const [claimed] = await b.tx.query(
      `insert into futures_funding (left_symbol, right_symbol, funding_ms, rate, mark_price, positions, paid, received)
       values ($1, $2, $3, 0, $4::numeric, 0, 0, 0) on conflict do nothing returning funding_ms`,
      [pair.spec.left, pair.spec.right, fundingMs, fxText(marks.mark)],
    );
    if (!claimed) return undefined;
    const [feed] = await b.tx.query<{ premium_sum: string; premium_count: number }>(
      `select premium_sum::text as premium_sum, premium_count from futures_mark where left_symbol = $1 and right_symbol = $2 for update`,
      [pair.spec.left, pair.spec.right],
    );
    const average = feed && feed.premium_count > 0 ? fx(feed.premium_sum) / BigInt(feed.premium_count) : 0n;
    const rate = fundingRate(average);
    const open = [...ex.positions.values()].filter((p) => p.symbol === symbol && p.side !== 0);
    await b.books.lock(open.map((p) => p.userId));
    // The engine's funding step (the one the scenario tables drive) over the batch's working copies.
    const { paid, received } = fundingOn(b, ex.accounts, open.map((stored) => b.position(stored.userId, symbol)), marks.mark, rate, fundingMs);
    // A payment the available balance could not cover came out of the margin: the closes it backed are checked again.
    for (const p of open) if (b.position(p.userId, symbol).margin < p.margin) await cancelUnbackedCloses(ex, b, p.userId, symbol, now);
    await b.tx.query(
      `update futures_funding set rate = $4::numeric, positions = $5, paid = $6::numeric, received = $7::numeric where left_symbol = $1 and right_symbol = $2 and funding_ms = $3`,
      [pair.spec.left, pair.spec.right, fundingMs, fxText(rate), open.length, fxText(paid), fxText(received)],
    );
    await b.tx.query(`update futures_mark set premium_sum = 0, premium_count = 0 where left_symbol = $1 and right_symbol = $2`, [pair.spec.left, pair.spec.right]);
    return { symbol, fundingMs, rate: fxText(rate), positions: open.length, paid: fxText(paid), received: fxText(received) };
  });
}

/** The last funding time paid per pair (the scheduler starts after it, so one missed while down is paid at start). */
export async function lastFundingTimes(ex: FuturesExchange): Promise<Map<string, number>> {
  const rows = await ex.db.query<{ symbol: string; last: string }>(
    `select left_symbol || '_' || right_symbol as symbol, max(funding_ms)::text as last from futures_funding group by 1`,
  );
  return new Map(rows.map((r) => [r.symbol, Number(r.last)]));
}

export const openPositionKeys = (ex: FuturesExchange, symbol: string) =>
  [...ex.positions.values()].filter((p) => p.symbol === symbol && p.side !== 0).map((p) => positionKey(p.userId, p.symbol));
