import { describe, expect, it } from 'vitest';
import { useBinanceServer } from './harness.js';

/**
 * Binance's intervals we keep no candles of — 3m, 2h, 4h, 6h, 8h, 12h, 3d — built from the finer
 * bars we keep (1m, 1h, 1d), spot and futures: each against bars made by hand, from a startTime
 * onwards as bots page history, with the live candle, and through ccxt's fetchOHLCV('4h'). They had
 * been -1120. And 1w opens on Mondays, 1M on the 1st.
 */
const t = useBinanceServer('klines');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
type Kline = [number, string, string, string, string, string, number, string, number, string, string, string];
type Bar = { time: number; open: number; high: number; low: number; close: number; amount: number; vol: number; count: number };

const get = async (path: string) => {
  const answer = await fetch(`${t.server.url}${path}`);
  return { status: answer.status, body: (await answer.json()) as any };
};
const klines = async (path: string) => (await get(path)).body as Kline[];

/** Bar `i` of a series: prices that rise and fall out of step, volumes with halves and quarters (exact as binary numbers too). */
const barAt = (time: number, i: number): Bar => ({
  time,
  open: 100 + ((i * 7) % 24),
  high: 200 + ((i * 5) % 24),
  low: 10 + ((i * 13) % 24),
  close: 100 + ((i * 11) % 24),
  amount: i + 1.5,
  vol: (i + 1) * 100 + 0.25,
  count: i + 1,
});

async function insert(table: 'candle' | 'futures_candle', left: string, interval: string, bars: Bar[]) {
  for (const b of bars) {
    await t.server.db.query(
      `insert into ${table} (left_symbol, right_symbol, interval, open_time, open, high, low, close, amount, vol, count) values ($1, 'USDT', $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [left, interval, b.time, b.open, b.high, b.low, b.close, b.amount, b.vol, b.count],
    );
  }
}

/** What Binance answers for `bars` in intervals of `ms` (from the epoch): worked out here plainly, in numbers. */
function expected(bars: Bar[], ms: number): Kline[] {
  const groups = new Map<number, Bar[]>();
  for (const b of bars) groups.set(Math.floor(b.time / ms) * ms, [...(groups.get(Math.floor(b.time / ms) * ms) ?? []), b]);
  return [...groups].map(([open, group]) => {
    const sum = (pick: (b: Bar) => number) => group.reduce((total, b) => total + pick(b), 0);
    return [
      open,
      String(group[0]!.open),
      String(Math.max(...group.map((b) => b.high))),
      String(Math.min(...group.map((b) => b.low))),
      String(group.at(-1)!.close),
      String(sum((b) => b.amount)),
      open + ms - 1,
      String(sum((b) => b.vol)),
      sum((b) => b.count),
      '0',
      '0',
      '0',
    ];
  });
}

// A day of hour bars 30 days back (the generated history holds 240 hours), hours 8–11 missing: one
// 4h bar absent, the 8h, 6h and 12h bars around it built from what there is.
const day = Math.floor((Date.now() - 30 * DAY) / DAY) * DAY;
const hours = Array.from({ length: 24 }, (_, h) => h)
  .filter((h) => h < 8 || h > 11)
  .map((h) => barAt(day + h * HOUR, h));

describe('intervals built from finer bars', () => {
  it('2h, 4h, 6h, 8h and 12h from the hour bars, exactly, with a gap absent', async () => {
    await insert('candle', 'ETH', '60min', hours);
    const end = day + DAY - 1;
    for (const [name, ms] of [['2h', 2 * HOUR], ['4h', 4 * HOUR], ['6h', 6 * HOUR], ['8h', 8 * HOUR], ['12h', 12 * HOUR]] as const) {
      expect(await klines(`/api/v3/klines?symbol=ETHUSDT&interval=${name}&startTime=${day}&endTime=${end}`), name).toEqual(expected(hours, ms));
    }
    // By hand: the first 4h bar is hours 0–3 (open hour 0's, close hour 3's, 1.5 + 2.5 + 3.5 + 4.5 traded); the one at 8h is absent.
    const fourHours = await klines(`/api/v3/klines?symbol=ETHUSDT&interval=4h&startTime=${day}&endTime=${end}`);
    expect(fourHours[0]).toEqual([day, '100', '215', '10', '109', '12', day + 4 * HOUR - 1, '1001', 10, '0', '0', '0']);
    expect(fourHours.map((k) => (k[0] - day) / HOUR)).toEqual([0, 4, 12, 16, 20]);
  });

  it('pages from a startTime as Binance does: bars opening at or after it, however much history follows', async () => {
    const page = async (query: string) => (await klines(`/api/v3/klines?symbol=ETHUSDT&interval=4h&${query}`)).map((k) => (k[0] - day) / HOUR);
    // From inside a bar: the next one on; 2 a page, the absent 8h bar skipped.
    expect(await page(`startTime=${day + HOUR}&limit=2`)).toEqual([4, 12]);
    expect(await page(`startTime=${day + 12 * HOUR + 1}&limit=2`)).toEqual([16, 20]);
    expect(await page(`startTime=${day}&limit=3`)).toEqual([0, 4, 12]);
    // endTime takes the bars opening up to it, whole; without a startTime the latest up to it.
    expect(await page(`startTime=${day}&endTime=${day + 12 * HOUR}`)).toEqual([0, 4, 12]);
    expect(await page(`endTime=${day + 21 * HOUR}&limit=2`)).toEqual([16, 20]);
    // Read back from its end, a window may begin inside a bar (8h: hours 4–7 of the first): that bar is past the limit, never answered partial.
    expect(await klines(`/api/v3/klines?symbol=ETHUSDT&interval=8h&endTime=${day + 23 * HOUR}&limit=2`)).toEqual(expected(hours, 8 * HOUR).slice(1));
    const last = (await klines(`/api/v3/klines?symbol=ETHUSDT&interval=4h&endTime=${day + 13 * HOUR}&limit=1`))[0]!;
    expect(last).toEqual(expected(hours, 4 * HOUR)[2]);
  });

  it('3m from minute bars and 3d from day bars, opening at multiples of the interval from the epoch', async () => {
    const start = Math.floor((Date.now() - 3 * DAY) / HOUR) * HOUR;
    const minutes = [0, 1, 2, 4, 9, 10, 11].map((m) => barAt(start + m * MINUTE, m));
    await insert('candle', 'ETH', '1min', minutes);
    const threeMinutes = await klines(`/api/v3/klines?symbol=ETHUSDT&interval=3m&startTime=${start}&limit=10`);
    expect(threeMinutes.slice(0, 3)).toEqual(expected(minutes, 3 * MINUTE));
    expect(threeMinutes.slice(0, 3).map((k) => (k[0] - start) / MINUTE)).toEqual([0, 3, 9]);

    // 600 days back (the generated history holds 240), from a multiple of 3 days since 1970-01-01.
    const from = Math.floor((Date.now() - 600 * DAY) / (3 * DAY)) * 3 * DAY;
    const days = [0, 1, 2, 6, 8].map((d) => barAt(from + d * DAY, d));
    await insert('candle', 'ETH', '1day', days);
    const threeDays = await klines(`/api/v3/klines?symbol=ETHUSDT&interval=3d&startTime=${from - DAY}&limit=2`);
    expect(threeDays).toEqual(expected(days, 3 * DAY));
    expect(threeDays.map((k) => k[0] % (3 * DAY))).toEqual([0, 0]);
  });

  it('futures the same, from the contract’s own hour bars', async () => {
    await insert('futures_candle', 'BTC', '60min', hours);
    const end = day + DAY - 1;
    expect(await klines(`/fapi/v1/klines?symbol=BTCUSDT&interval=4h&startTime=${day}&endTime=${end}`)).toEqual(expected(hours, 4 * HOUR));
    expect(await klines(`/fapi/v1/klines?symbol=BTCUSDT&interval=12h&startTime=${day + 1}&limit=1`)).toEqual(expected(hours, 12 * HOUR).slice(1));
  });

  it('the latest bar takes the live candle: a trade just made is its close', async () => {
    const seller = await t.trader([['BTC', '1']]);
    const buyer = await t.trader([['USDT', '10000']]);
    const order = { symbol: 'BTCUSDT', type: 'LIMIT', timeInForce: 'GTC', price: '31234.5', quantity: '0.01' };
    await t.signed(seller.key, 'POST', '/api/v3/order', { ...order, side: 'SELL' });
    const before = Date.now();
    expect((await t.signed(buyer.key, 'POST', '/api/v3/order', { ...order, side: 'BUY' })).body.status).toBe('FILLED');
    const after = Date.now();
    for (const [name, ms] of [['4h', 4 * HOUR], ['3m', 3 * MINUTE], ['3d', 3 * DAY]] as const) {
      await expect
        .poll(async () => (await klines(`/api/v3/klines?symbol=BTCUSDT&interval=${name}&limit=1`))[0]!.slice(4, 5), { timeout: 5000, interval: 100 })
        .toEqual(['31234.5']);
      const [latest] = await klines(`/api/v3/klines?symbol=BTCUSDT&interval=${name}&limit=1`);
      // The bar of the trade's time (no trade since has opened a later one).
      expect([Math.floor(before / ms) * ms, Math.floor(after / ms) * ms]).toContain(latest![0]);
    }
  });

  it('ccxt fetchOHLCV(4h) from a since, spot and futures', async () => {
    const bot = t.ccxtClient(await t.trader([['USDT', '1']]));
    await bot.loadMarkets();
    const ohlcv = (k: Kline) => [k[0], Number(k[1]), Number(k[2]), Number(k[3]), Number(k[4]), Number(k[5])];
    expect(await bot.fetchOHLCV('ETH/USDT', '4h', day, 3)).toEqual(expected(hours, 4 * HOUR).slice(0, 3).map(ohlcv));
    expect(await bot.fetchOHLCV('BTC/USDT:USDT', '4h', day, 2)).toEqual(expected(hours, 4 * HOUR).slice(0, 2).map(ohlcv));
    const latest = await bot.fetchOHLCV('ETH/USDT', '4h');
    expect(latest.length).toBeGreaterThan(0);
    expect(latest.at(-1)![0]).toBe(Math.floor(Date.now() / (4 * HOUR)) * 4 * HOUR);
  });
});

describe('kept intervals and refused ones', () => {
  it('1w opens on Monday 00:00 UTC, 1M on the 1st; 1s, 2m and names like constructor are -1120', async () => {
    for (const [open, close] of (await klines('/api/v3/klines?symbol=ETHUSDT&interval=1w&limit=5')).map((k) => [k[0], k[6]])) {
      expect([new Date(open!).getUTCDay(), open! % DAY, close! - open!]).toEqual([1, 0, 7 * DAY - 1]);
    }
    for (const [open, close] of (await klines('/api/v3/klines?symbol=ETHUSDT&interval=1M&limit=5')).map((k) => [k[0], k[6]])) {
      const d = new Date(open!);
      expect([d.getUTCDate(), open! % DAY, close]).toEqual([1, 0, Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - 1]);
    }
    for (const name of ['1s', '2m', '5h', 'constructor']) {
      expect(await get(`/api/v3/klines?symbol=ETHUSDT&interval=${name}`)).toEqual({ status: 400, body: { code: -1120, msg: 'Invalid interval.' } });
      expect((await get(`/fapi/v1/klines?symbol=BTCUSDT&interval=${name}`)).body.code).toBe(-1120);
    }
  });
});
