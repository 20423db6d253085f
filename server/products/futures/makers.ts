import { fx, fxText, mulFx, type Fx } from '../../../src/domain/futures/fixed.js';
import type { Database } from '../../kernel/db/database.js';
import { changeBalance } from '../../kernel/ledger/ledger.js';
import type { FuturesAction } from '../../../src/domain/futures/api.js';
import type { FuturesExchange } from './exchange.js';
import type { FuturesPair } from './pairs.js';

/** The two futures market makers: one quotes the long side, one the short side. */
export const FUTURES_MAKER_ACCOUNTS = { long: 'futures-maker-long@openex.internal', short: 'futures-maker-short@openex.internal' } as const;
/** What each maker's futures account starts with, booked once as a deposit. */
export const FUTURES_MAKER_CAPITAL = '20000000';

const LEVELS = 12;
const STEP = fx('0.0005');
const LEVEL_USDT = fx('3000');
const LEVERAGE = 10;
/** Actions that rest on the bid side. */
const BIDS: ReadonlySet<FuturesAction> = new Set(['open_long', 'close_short']);
/** Above this notional a maker's inventory is worked down instead of grown. */
const INVENTORY_CAP = fx('1000000');

export async function ensureFuturesMakers(db: Database): Promise<{ long: number; short: number }> {
  const ids: Record<string, number> = {};
  for (const [role, account] of Object.entries(FUTURES_MAKER_ACCOUNTS)) {
    await db.query(`insert into app_user (account, nickname, kind) values ($1, $2, 'market_maker') on conflict (account) do nothing`, [account, `Futures market maker (${role})`]);
    const [row] = await db.query<{ id: number }>('select id from app_user where account = $1', [account]);
    const id = Number(row!.id);
    ids[role] = id;
    await db.transaction(async (tx) => {
      const funded = await tx.query(`select 1 from ledger_entry where user_id = $1 and ref_type = 'futures_maker_seed' limit 1`, [id]);
      if (funded.length > 0) return;
      await changeBalance(tx, { userId: id, currency: 'USDT', account: 'contract', available: FUTURES_MAKER_CAPITAL, frozen: '0', kind: 'deposit', refType: 'futures_maker_seed', refId: null });
    });
  }
  return { long: ids.long!, short: ids.short! };
}

/**
 * Liquidity for the contract markets from accounts that hold real margin: the long maker bids
 * (open long) below the mark and offers its inventory back (close long) just above it; the short
 * maker mirrors it. Every quote is an ordinary order through the sequencer and the ledger, and a
 * maker's position is margined and can be liquidated like anyone's. `take` trades now and then
 * between the two (a real trade, both positions move), so the market has trades and candles.
 */
export class FuturesMakers {
  constructor(
    private readonly ex: FuturesExchange,
    private readonly ids: { long: number; short: number },
  ) {}

  private levelQuantity(pair: FuturesPair, mark: Fx): string {
    const lots = (LEVEL_USDT * 10n ** 18n) / mark / pair.lotFx;
    return fxText((lots > 0n ? lots : 1n) * pair.lotFx);
  }

  private price(pair: FuturesPair, mark: Fx, offset: Fx): string {
    const p = mulFx(mark, fx('1') + offset);
    return fxText((p / pair.tickFx) * pair.tickFx);
  }

  async setup(): Promise<void> {
    for (const symbol of this.ex.pairs.keys()) {
      for (const id of [this.ids.long, this.ids.short]) {
        const pos = this.ex.positionOf(id, symbol);
        if (pos.side === 0 && (pos.leverage !== LEVERAGE || pos.mode !== 'cross')) await this.ex.setLeverage(id, symbol, LEVERAGE, 'cross');
      }
    }
  }

  /**
   * Replaces both makers' quotes on a pair around its mark, new before old (make before break): a
   * market order arriving mid-requote still finds both sides of the book (the opening quotes of
   * each side stay until their replacements rest). Old quotes the new ones would cross (the mark
   * moved more than a step) go first, so the makers never trade with their own old quotes, and so
   * do the old inventory offers, whose replacements may need all of the closable quantity.
   */
  async requote(symbol: string): Promise<void> {
    const ex = this.ex;
    const pair = ex.pairs.get(symbol)!;
    const mark = ex.marks.get(symbol)?.mark;
    if (!mark) return;
    const quotes = this.quotes(pair, symbol, mark);
    const bids = quotes.filter((q) => BIDS.has(q.action)).map((q) => fx(q.price));
    const asks = quotes.filter((q) => !BIDS.has(q.action)).map((q) => fx(q.price));
    const highestBid = bids.reduce((a, b) => (b > a ? b : a), 0n);
    const lowestAsk = asks.reduce<Fx | undefined>((a, b) => (a === undefined || b < a ? b : a), undefined);
    const old = [this.ids.long, this.ids.short].flatMap((id) =>
      [...(ex.ordersByUser.get(id) ?? [])].flatMap((orderId) => {
        const order = ex.orders.get(orderId);
        return order?.symbol === symbol ? [{ id, order }] : [];
      }),
    );
    // Old inventory offers go first too: the new ones may hold the whole closable quantity.
    const goesFirst = ({ order }: (typeof old)[number]) =>
      order.action === 'close_long' ||
      order.action === 'close_short' ||
      (order.price !== null && (BIDS.has(order.action) ? lowestAsk !== undefined && order.price >= lowestAsk : order.price <= highestBid));
    await Promise.all(old.filter(goesFirst).map(({ id, order }) => ex.cancel(id, order.id)));
    await Promise.all(quotes.map((q) => ex.place({ ...q, symbol, type: 'limit', source: 'maker' })));
    await Promise.all(old.filter((o) => !goesFirst(o)).map(({ id, order }) => ex.cancel(id, order.id)));
  }

  /** The ladder around the mark: opening quotes a step apart, inventory offered back half a step inside them. */
  private quotes(pair: FuturesPair, symbol: string, mark: Fx): Array<{ userId: number; action: FuturesAction; price: string; quantity: string }> {
    const q = this.levelQuantity(pair, mark);
    const quotes: Array<{ userId: number; action: FuturesAction; price: string; quantity: string }> = [];
    for (let i = 1; i <= LEVELS; i++) {
      const away = STEP * BigInt(i);
      quotes.push({ userId: this.ids.long, action: 'open_long', price: this.price(pair, mark, -away), quantity: q });
      quotes.push({ userId: this.ids.short, action: 'open_short', price: this.price(pair, mark, away), quantity: q });
    }
    const share = (pos: { quantity: Fx }) => (pos.quantity / BigInt(LEVELS) / pair.lotFx) * pair.lotFx;
    const long = this.ex.positionOf(this.ids.long, symbol);
    const short = this.ex.positionOf(this.ids.short, symbol);
    const inside = (i: number) => STEP * BigInt(i) - STEP / 2n;
    if (long.side === 1 && share(long) > 0n) {
      for (let i = 1; i <= LEVELS; i++) quotes.push({ userId: this.ids.long, action: 'close_long', price: this.price(pair, mark, inside(i)), quantity: fxText(share(long)) });
    }
    if (short.side === -1 && share(short) > 0n) {
      for (let i = 1; i <= LEVELS; i++) quotes.push({ userId: this.ids.short, action: 'close_short', price: this.price(pair, mark, -inside(i)), quantity: fxText(share(short)) });
    }
    return quotes;
  }

  /** One trade between the makers: grows both inventories, or works them down past the cap. */
  async take(symbol: string, random: () => number): Promise<void> {
    const ex = this.ex;
    const pair = ex.pairs.get(symbol)!;
    const mark = ex.marks.get(symbol)?.mark;
    if (!mark) return;
    const q = this.levelQuantity(pair, mark);
    const long = ex.positionOf(this.ids.long, symbol);
    const heavy = mulFx(long.quantity, mark) > INVENTORY_CAP;
    if (heavy) await ex.place({ userId: this.ids.short, symbol, action: 'close_short', type: 'market', quantity: q, source: 'maker' }).catch(() => undefined);
    else if (random() < 0.5) await ex.place({ userId: this.ids.long, symbol, action: 'open_long', type: 'market', quantity: q, source: 'maker' });
    else await ex.place({ userId: this.ids.short, symbol, action: 'open_short', type: 'market', quantity: q, source: 'maker' });
  }
}
