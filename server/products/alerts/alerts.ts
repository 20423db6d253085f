import { ALERT_CONDITIONS, ALERT_MARKETS, MAX_ACTIVE_ALERTS, TRIGGERED_SHOWN, type AlertList, type AlertMarket, type CreateAlertInput, type PriceAlert } from '../../../domain/alerts.js';
import { compareDecimal, toFixedDecimal, trimZeros } from '../../../domain/decimal.js';
import { isPositiveDecimalInput } from '../../../domain/decimalRule.js';
import { listPairs } from '../../kernel/platform/catalogue.js';
import type { Database, Queryable } from '../../kernel/platform/db/database.js';
import { numberVar } from '../../kernel/platform/i18n/messageVars.js';
import { refuse, type Outcome } from '../../kernel/platform/outcome.js';

/** A price at most this many digits before the point, as the alerts form takes (src/features/alerts/alertRules.ts). */
const PRICE_INTEGER_DIGITS = 15;

const ALERT_COLUMNS = `id, market, left_symbol || '_' || right_symbol as symbol, condition, trim_scale(price)::text as price, status, created_ms,
  case when status = 'triggered' then ended_ms end as triggered_ms, trim_scale(triggered_price)::text as triggered_price`;

interface AlertRow extends Omit<PriceAlert, 'id' | 'created_ms' | 'triggered_ms'> {
  id: string | number;
  created_ms: string | number;
  triggered_ms: string | number | null;
}

const toAlert = (r: AlertRow): PriceAlert => ({
  ...r,
  id: Number(r.id),
  created_ms: Number(r.created_ms),
  triggered_ms: r.triggered_ms === null ? null : Number(r.triggered_ms),
});

/** Where each market's trades are: the pair's, or its contract's (an auto-deleveraging match is no market trade: not a price). */
export const TRADES_OF: Record<AlertMarket, { table: string; traded: string }> = {
  spot: { table: 'spot_trade', traded: 'true' },
  futures: { table: 'futures_trade', traded: `not exists (select 1 from futures_order o where o.id in (s.maker_order_id, s.taker_order_id) and o.source = 'adl')` },
};

/** The market's newest trade price on the pair, or undefined before its first trade. */
async function lastPrice(db: Queryable, market: AlertMarket, left: string, right: string): Promise<string | undefined> {
  const { table, traded } = TRADES_OF[market];
  const [row] = await db.query<{ price: string }>(
    `select trim_scale(s.price)::text as price from ${table} s where s.left_symbol = $1 and s.right_symbol = $2 and ${traded} order by s.created_ms desc, s.id desc limit 1`,
    [left, right],
  );
  return row?.price;
}

/** The price alerts' use cases (docs/API.md "Price alerts"); the sweep that triggers them is watch.ts. */
export function alertsService(db: Database, clock: () => number) {
  return {
    async list(userId: number): Promise<AlertList> {
      const [active, triggered] = await Promise.all([
        db.query<AlertRow>(`select ${ALERT_COLUMNS} from price_alert where user_id = $1 and status = 'active' order by id`, [userId]),
        db.query<AlertRow>(`select ${ALERT_COLUMNS} from price_alert where user_id = $1 and status = 'triggered' order by id desc limit $2`, [userId, TRIGGERED_SHOWN]),
      ]);
      return { active: active.map(toAlert), triggered: triggered.map(toAlert) };
    },

    /**
     * A new active alert on a spot market or a contract that trades. Refused when its price is already reached
     * (an alert to rise to a price at or under the last one would fire at once, and says nothing),
     * before the market's first trade (nothing to compare with), past MAX_ACTIVE_ALERTS, or for a
     * price that is not a positive decimal at the pair's places.
     */
    async create(userId: number, input: CreateAlertInput): Promise<Outcome<PriceAlert>> {
      const symbol = input.symbol.toUpperCase();
      const market = input.market ?? 'spot';
      if (!ALERT_MARKETS.includes(market)) return refuse('alertUnknownPair', { symbol: symbol.replace('_', '/') });
      const trades = (p: { trade_status: number; contract_status: number }) => (market === 'spot' ? p.trade_status === 1 : p.contract_status === 1);
      const pair = (await listPairs(db)).find((p) => `${p.left_symbol}_${p.right_symbol}` === symbol && trades(p));
      if (!pair) return refuse(market === 'spot' ? 'alertUnknownPair' : 'alertUnknownContract', { symbol: symbol.replace('_', '/') });
      if (!ALERT_CONDITIONS.includes(input.condition)) return refuse('alertConditionInvalid');
      if (!isPositiveDecimalInput(input.price, { places: pair.price_precision, integerDigits: PRICE_INTEGER_DIGITS })) {
        return refuse('alertPriceInvalid', { places: String(pair.price_precision) });
      }
      const price = trimZeros(input.price);
      const last = await lastPrice(db, market, pair.left_symbol, pair.right_symbol);
      if (last === undefined) return refuse('alertNoPrice', { symbol: symbol.replace('_', '/') });
      const reached = input.condition === 'above' ? compareDecimal(price, last) <= 0 : compareDecimal(price, last) >= 0;
      // The last price as the pages write it: the pair's places, in the reader's number style.
      if (reached) return refuse(input.condition === 'above' ? 'alertAlreadyAbove' : 'alertAlreadyBelow', { last: numberVar(toFixedDecimal(last, pair.price_precision, 'down')) });
      return db.transaction(async (tx) => {
        // The user's row locked, so two creations at once cannot both pass the count.
        await tx.query('select 1 from app_user where id = $1 for update', [userId]);
        const [count] = await tx.query<{ n: number }>(`select count(*)::int as n from price_alert where user_id = $1 and status = 'active'`, [userId]);
        if (Number(count!.n) >= MAX_ACTIVE_ALERTS) return refuse('alertTooMany', { max: String(MAX_ACTIVE_ALERTS) });
        const [row] = await tx.query<AlertRow>(
          `insert into price_alert (user_id, market, left_symbol, right_symbol, condition, price, created_ms) values ($1, $7, $2, $3, $4, $5::numeric, $6)
           returning ${ALERT_COLUMNS}`,
          [userId, pair.left_symbol, pair.right_symbol, input.condition, price, clock(), market],
        );
        return { ok: true as const, data: toAlert(row!) };
      });
    },

    /** Ends one of the user's active alerts; another user's, an ended or an unknown one is refused alike. */
    async cancel(userId: number, id: number): Promise<Outcome<PriceAlert>> {
      const [row] = await db.query<AlertRow>(
        `update price_alert set status = 'cancelled', ended_ms = $3 where id = $1 and user_id = $2 and status = 'active' returning ${ALERT_COLUMNS}`,
        [id, userId, clock()],
      );
      return row ? { ok: true, data: toAlert(row) } : refuse('alertUnknown');
    },
  };
}

export type AlertsService = ReturnType<typeof alertsService>;
