import { maxLeverageOf } from '../../../domain/futures/brackets.js';
import { absFx, fx, fxText, mulFx, type Fx } from '../../../domain/fx.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { changeBalance } from '../../kernel/platform/ledger/ledger.js';
import type { FuturesAction } from '../../../domain/futures/api.js';
import type { FuturesExchange } from './exchange.js';
import type { FuturesPair } from './pairs.js';

/** The two futures market makers: one quotes the long side, one the short side. */
export const FUTURES_MAKER_ACCOUNTS = { long: 'futures-maker-long@openex.internal', short: 'futures-maker-short@openex.internal' } as const;
/** What each maker's futures account starts with, booked once as a deposit. */
export const FUTURES_MAKER_CAPITAL = '20000000';

/**
 * Levels a maker quotes a side: more than the 15 rows a side the trade page's book shows
 * (src/features/markets/views/trade/BookLevels.tsx DEPTH), as spot's makers quote 24, so the
 * futures book has no empty rows above its asks (issue 50 C4: 12 left three).
 */
export const FUTURES_MAKER_LEVELS = 20;
const LEVELS = FUTURES_MAKER_LEVELS;
const STEP = fx('0.0005');
const LEVEL_USDT = fx('3000');
const LEVERAGE = 10;
/** Actions that rest on the bid side. */
const BIDS: ReadonlySet<FuturesAction> = new Set(['open_long', 'close_short']);
/** Above this notional a maker's inventory is worked down instead of grown. */
const INVENTORY_CAP = fx('1000000');
/**
 * The depth curve: a level's size as a multiple of the base level quantity, in hundredths, from
 * the inside out — thin at the touch, deeper further away, as a real book looks (issue 37: every
 * level was the same 0.06232 BTC).
 */
const DEPTH_CURVE = [35n, 55n, 70n, 90n, 105n, 125n, 150n, 170n, 200n, 230n, 270n, 320n, 360n, 400n, 450n, 500n, 560n, 620n, 690n, 760n];
/** Sizes of the makers' trades as multiples of the base quantity, in hundredths: mostly small, now and then large. */
const TRADE_SIZES = [10n, 15n, 20n, 25n, 35n, 50n, 60n, 80n, 100n, 130n, 180n, 250n, 400n];

/**
 * A price's own size factor in hundredths (70…139), the same every time the same price is quoted:
 * sizes look irregular, yet a quote kept at its price keeps its size, so a requote after a small
 * move still replaces only the quotes at the ends of the ladder (no extra orders, no extra CPU).
 */
export function sizeJitter(price: Fx): bigint {
  // A 32-bit integer hash of the price's grid point (a few multiplications; no float touches the price).
  let h = Number(price / 10n ** 10n & 0xffffffffn) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b) >>> 0;
  h = (h ^ (h >>> 16)) >>> 0;
  return 70n + BigInt(h % 70);
}

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

  /** Per pair: the price grid and level quantity, fixed until the mark strays far from where they were set. */
  private readonly grids = new Map<string, { step: Fx; quantity: string; setAt: Fx }>();

  /**
   * The grid the ladder sits on: STEP of the mark, rounded down to 1, 2 or 5 × a power of ten
   * ticks, and the level quantity; both are kept while the mark stays within 10 % of where they were
   * set, so a small move of the mark leaves the quotes as they are but the one or two at each end.
   */
  /** The quantity at `level` (1 = the touch) quoted at `price`: the base quantity along the depth curve with the price's own jitter, in whole lots (at least one). */
  private levelQuantity(pair: FuturesPair, base: string, level: number, price: Fx): string {
    const lots = (fx(base) * DEPTH_CURVE[level - 1]! * sizeJitter(price)) / 10_000n / pair.lotFx;
    return fxText((lots > 0n ? lots : 1n) * pair.lotFx);
  }

  private grid(pair: FuturesPair, symbol: string, mark: Fx): { step: Fx; quantity: string } {
    const kept = this.grids.get(symbol);
    if (kept && absFx(mark - kept.setAt) * 10n < kept.setAt) return kept;
    const rawTicks = mulFx(mark, STEP) / pair.tickFx;
    let decade = 1n;
    while (decade * 10n <= rawTicks) decade *= 10n;
    const mantissa = rawTicks / decade;
    const ticks = (mantissa >= 5n ? 5n : mantissa >= 2n ? 2n : 1n) * decade;
    const lots = (LEVEL_USDT * 10n ** 18n) / mark / pair.lotFx;
    const grid = { step: ticks * pair.tickFx, quantity: fxText((lots > 0n ? lots : 1n) * pair.lotFx), setAt: mark };
    this.grids.set(symbol, grid);
    return grid;
  }

  async setup(symbols: Iterable<string> = this.ex.pairs.keys()): Promise<void> {
    for (const symbol of symbols) {
      for (const id of [this.ids.long, this.ids.short]) {
        const pos = this.ex.positionOf(id, symbol);
        // A contract listed with a lower highest leverage (migration 056): theirs is capped at it.
        const leverage = Math.min(LEVERAGE, maxLeverageOf(this.ex.pairs.get(symbol)!.brackets));
        if (pos.side === 0 && (pos.leverage !== leverage || pos.mode !== 'cross')) await this.ex.setLeverage(id, symbol, leverage, 'cross');
      }
    }
  }

  /**
   * Brings both makers' quotes on a pair to the ladder around its mark, changing only what differs:
   * a quote already resting at its price and size stays (the grid keeps most of them across a small
   * move), new ones go in before the old ones leave (make before break: a market order arriving
   * mid-requote still finds both sides of the book). Old quotes the new ones would cross (the mark
   * moved more than a step) go first, so the makers never trade with their own old quotes, and so
   * do the old inventory offers that leave, since the new ones may need their closable quantity.
   */
  async requote(symbol: string): Promise<void> {
    const ex = this.ex;
    const pair = ex.pairs.get(symbol)!;
    const mark = ex.marks.get(symbol)?.mark;
    if (!mark) return;
    const wanted = this.quotes(pair, symbol, mark);
    const key = (userId: number, action: FuturesAction, price: Fx | string, quantity: Fx | string) =>
      `${userId}:${action}:${typeof price === 'string' ? fx(price) : price}:${typeof quantity === 'string' ? fx(quantity) : quantity}`;
    const old = [this.ids.long, this.ids.short].flatMap((id) =>
      [...(ex.ordersByUser.get(id) ?? [])].flatMap((orderId) => {
        const order = ex.orders.get(orderId);
        return order?.symbol === symbol && order.price !== null ? [{ id, order, key: key(id, order.action, order.price, order.quantity - order.filled) }] : [];
      }),
    );
    const isClose = (action: FuturesAction) => action === 'close_long' || action === 'close_short';
    const wantedKeys = new Set(wanted.map((q) => key(q.userId, q.action, q.price, q.quantity)));
    // A quote stays when one of its price and size rests; inventory offers that leave go before the new
    // ones come (below), so kept and new offers together never hold more than the position.
    const keptKeys = new Set<string>();
    const kept = new Set(old.filter((o) => wantedKeys.has(o.key) && !keptKeys.has(o.key) && keptKeys.add(o.key)));
    const keep = (o: (typeof old)[number]) => kept.has(o);
    const fresh = wanted.filter((q) => !keptKeys.has(key(q.userId, q.action, q.price, q.quantity)));
    const bids = fresh.filter((q) => BIDS.has(q.action)).map((q) => fx(q.price));
    const asks = fresh.filter((q) => !BIDS.has(q.action)).map((q) => fx(q.price));
    const highestBid = bids.reduce((a, b) => (b > a ? b : a), 0n);
    const lowestAsk = asks.reduce<Fx | undefined>((a, b) => (a === undefined || b < a ? b : a), undefined);
    const leaving = old.filter((o) => !keep(o));
    const goesFirst = ({ order }: (typeof old)[number]) =>
      isClose(order.action) || (BIDS.has(order.action) ? lowestAsk !== undefined && order.price! >= lowestAsk : order.price! <= highestBid);
    await Promise.all(leaving.filter(goesFirst).map(({ id, order }) => ex.cancel(id, order.id)));
    await Promise.all(fresh.map((q) => ex.place({ ...q, symbol, type: 'limit', source: 'maker' })));
    await Promise.all(leaving.filter((o) => !goesFirst(o)).map(({ id, order }) => ex.cancel(id, order.id)));
  }

  /**
   * The ladder around the mark, on the grid: opening quotes on the grid points below (long maker)
   * and above (short maker) the mark, and each maker's inventory offered back at its opposite
   * number's opening prices.
   */
  private quotes(pair: FuturesPair, symbol: string, mark: Fx): Array<{ userId: number; action: FuturesAction; price: string; quantity: string }> {
    const { step, quantity: q } = this.grid(pair, symbol, mark);
    const below = (mark + step - 1n) / step; // ceil: bids strictly under the mark
    const above = mark / step; // floor: asks strictly over it
    const bid = (i: number) => fxText((below - BigInt(i)) * step);
    const ask = (i: number) => fxText((above + BigInt(i)) * step);
    const quotes: Array<{ userId: number; action: FuturesAction; price: string; quantity: string }> = [];
    for (let i = 1; i <= LEVELS; i++) {
      const bidPrice = (below - BigInt(i)) * step;
      const askPrice = (above + BigInt(i)) * step;
      if (bidPrice > 0n) quotes.push({ userId: this.ids.long, action: 'open_long', price: bid(i), quantity: this.levelQuantity(pair, q, i, bidPrice) });
      quotes.push({ userId: this.ids.short, action: 'open_short', price: ask(i), quantity: this.levelQuantity(pair, q, i, askPrice) });
    }
    // Inventory goes back in pieces of one level's quantity from the inside out (the remainder of
    // less than a piece when nothing else is left), so a trade changes one offer, not all of them.
    const pieces = (pos: { quantity: Fx }) => {
      const whole = pos.quantity / fx(q);
      if (whole > 0n) return { count: Number(whole < BigInt(LEVELS) ? whole : BigInt(LEVELS)), quantity: q };
      const rest = (pos.quantity / pair.lotFx) * pair.lotFx;
      return { count: rest > 0n ? 1 : 0, quantity: fxText(rest) };
    };
    const long = this.ex.positionOf(this.ids.long, symbol);
    const short = this.ex.positionOf(this.ids.short, symbol);
    if (long.side === 1) {
      const { count, quantity } = pieces(long);
      for (let i = 1; i <= count; i++) quotes.push({ userId: this.ids.long, action: 'close_long', price: ask(i), quantity });
    }
    if (short.side === -1) {
      const { count, quantity } = pieces(short);
      for (let i = 1; i <= count; i++) {
        if ((below - BigInt(i)) * step > 0n) quotes.push({ userId: this.ids.short, action: 'close_short', price: bid(i), quantity });
      }
    }
    return quotes;
  }

  /** One trade between the makers: grows both inventories, or works them down past the cap. */
  async take(symbol: string, random: () => number): Promise<void> {
    const ex = this.ex;
    const pair = ex.pairs.get(symbol)!;
    const mark = ex.marks.get(symbol)?.mark;
    if (!mark) return;
    const base = fx(this.grid(pair, symbol, mark).quantity);
    // A size from the skewed table (mostly small, now and then large), in whole lots.
    const lots = (base * TRADE_SIZES[Math.min(TRADE_SIZES.length - 1, Math.floor(random() * TRADE_SIZES.length))]!) / 100n / pair.lotFx;
    let q = fxText((lots > 0n ? lots : 1n) * pair.lotFx);
    const long = ex.positionOf(this.ids.long, symbol);
    const heavy = mulFx(long.quantity, mark) > INVENTORY_CAP;
    if (heavy) {
      // Working the inventory down: no more than the short maker can close.
      const closable = ex.positionOf(this.ids.short, symbol).quantity;
      if (fx(q) > closable) q = fxText(closable);
      if (closable > 0n) await ex.place({ userId: this.ids.short, symbol, action: 'close_short', type: 'market', quantity: q, source: 'maker' }).catch(() => undefined);
    } else if (random() < 0.5) await ex.place({ userId: this.ids.long, symbol, action: 'open_long', type: 'market', quantity: q, source: 'maker' });
    else await ex.place({ userId: this.ids.short, symbol, action: 'open_short', type: 'market', quantity: q, source: 'maker' });
  }
}

