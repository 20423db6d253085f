import { fx, fxText, mulFx, type Fx } from '../../../src/domain/futures/fixed.js';
import type { Database } from '../../kernel/db/database.js';
import { changeBalance } from '../../kernel/ledger/ledger.js';
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

  /** Replaces both makers' quotes on a pair around its mark. */
  async requote(symbol: string): Promise<void> {
    const ex = this.ex;
    const pair = ex.pairs.get(symbol)!;
    const mark = ex.marks.get(symbol)?.mark;
    if (!mark) return;
    const cancels = [this.ids.long, this.ids.short].flatMap((id) => [...(ex.ordersByUser.get(id) ?? [])].filter((o) => ex.orders.get(o)?.symbol === symbol).map((o) => ex.cancel(id, o)));
    await Promise.all(cancels);
    const q = this.levelQuantity(pair, mark);
    const places: Promise<unknown>[] = [];
    const long = ex.positionOf(this.ids.long, symbol);
    const short = ex.positionOf(this.ids.short, symbol);
    for (let i = 1; i <= LEVELS; i++) {
      const away = STEP * BigInt(i);
      places.push(ex.place({ userId: this.ids.long, symbol, action: 'open_long', type: 'limit', price: this.price(pair, mark, -away), quantity: q, source: 'maker' }));
      places.push(ex.place({ userId: this.ids.short, symbol, action: 'open_short', type: 'limit', price: this.price(pair, mark, away), quantity: q, source: 'maker' }));
    }
    // Inventory goes back half a step inside the opening quotes.
    const share = (pos: { quantity: Fx }) => (pos.quantity / BigInt(LEVELS) / pair.lotFx) * pair.lotFx;
    if (long.side === 1 && share(long) > 0n) {
      for (let i = 1; i <= LEVELS; i++) places.push(ex.place({ userId: this.ids.long, symbol, action: 'close_long', type: 'limit', price: this.price(pair, mark, STEP * BigInt(i) - STEP / 2n), quantity: fxText(share(long)), source: 'maker' }));
    }
    if (short.side === -1 && share(short) > 0n) {
      for (let i = 1; i <= LEVELS; i++) places.push(ex.place({ userId: this.ids.short, symbol, action: 'close_short', type: 'limit', price: this.price(pair, mark, -(STEP * BigInt(i) - STEP / 2n)), quantity: fxText(share(short)), source: 'maker' }));
    }
    await Promise.all(places);
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
