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

/**
 * What Binance answers for `bars` in intervals of `ms` (from the epoch, on a clock `offset` ahead of
 * UTC): worked out here plainly, in numbers. `openOf` and `closeOf`: a calendar's bars instead.
 */
function expected(bars: Bar[], ms: number, offset = 0, openOf = (time: number) => Math.floor((time + offset) / ms) * ms - offset, closeOf = (open: number) => open + ms - 1): Kline[] {
  const groups = new Map<number, Bar[]>();
  for (const b of bars) groups.set(openOf(b.time), [...(groups.get(openOf(b.time)) ?? []), b]);
  return [...groups].map(([open, group]) => {
    const sum = (pick: (b: Bar) => number) => group.reduce((total, b) => total + pick(b), 0);
    return [
      open,
      String(group[0]!.open),
      String(Math.max(...group.map((b) => b.high))),
      String(Math.min(...group.map((b) => b.low))),
      String(group.at(-1)!.close),
      String(sum((b) => b.amount)),
      closeOf(open),
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

describe('timeZone (spot klines and uiKlines)', () => {
  // Hour bars of two UTC days 50 days back (before the generated hours; the stored day bars there are UTC's), a few missing.
  const base = Math.floor((Date.now() - 50 * DAY) / DAY) * DAY;
  const twoDays = Array.from({ length: 48 }, (_, h) => h)
    .filter((h) => h !== 5 && h !== 30)
    .map((h) => barAt(base + h * HOUR, h));
  const window = `startTime=${base - DAY}&endTime=${base + 2 * DAY}`;

  it('1d at +8 and -5 opens at local midnight, built from the hour bars; startTime and endTime stay UTC', async () => {
    await insert('candle', 'ETH', '60min', twoDays);
    for (const [zone, hours] of [['8', 8], ['+8', 8], ['08:00', 8], ['-5', -5], ['-05:00', -5]] as const) {
      for (const url of ['/api/v3/klines', '/api/v3/uiKlines']) {
        const days = await klines(`${url}?symbol=ETHUSDT&interval=1d&timeZone=${encodeURIComponent(zone)}&${window}`);
        expect(days, `${url} ${zone}`).toEqual(expected(twoDays, DAY, hours * HOUR));
      }
    }
    // By hand, +8: local midnight is 16:00 UTC, so the first day holds hours 0–15 (hour 5 absent), the second 16–39.
    const days = await klines(`/api/v3/klines?symbol=ETHUSDT&interval=1d&timeZone=8&${window}`);
    expect(days.map((k) => [(k[0] - base) / HOUR, (k[6] + 1 - base) / HOUR, k[8]])).toEqual([
      [-8, 16, [0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15].reduce((n, h) => n + h + 1, 0)],
      [16, 40, Array.from({ length: 24 }, (_, i) => i + 16).filter((h) => h !== 30).reduce((n, h) => n + h + 1, 0)],
      [40, 64, [40, 41, 42, 43, 44, 45, 46, 47].reduce((n, h) => n + h + 1, 0)],
    ]);
    // A startTime inside a local day: the next local day on (UTC ms, as Binance reads them).
    expect((await klines(`/api/v3/klines?symbol=ETHUSDT&interval=1d&timeZone=8&startTime=${base}&limit=1`)).map((k) => (k[0] - base) / HOUR)).toEqual([16]);
  });

  it('an offset that moves no bar changes nothing: 1h and 2h at +8, 1m at 05:45; 0, +0, -0 and 00:00 are UTC', async () => {
    const plain = async (query: string) => klines(`/api/v3/klines?symbol=ETHUSDT&${query}&${window}`);
    expect(await plain('interval=1h&timeZone=8')).toEqual(await plain('interval=1h'));
    expect(await plain('interval=2h&timeZone=-4')).toEqual(await plain('interval=2h'));
    expect(await plain('interval=12h&timeZone=12')).toEqual(await plain('interval=12h'));
    const minutesBack = `symbol=ETHUSDT&interval=1m&endTime=${Date.now() - 10 * MINUTE}&limit=5`;
    const minutes = await klines(`/api/v3/klines?${minutesBack}`);
    expect(minutes).toHaveLength(5);
    expect(await klines(`/api/v3/klines?${minutesBack}&timeZone=05:45`)).toEqual(minutes);
    for (const zone of ['0', '+0', '-0', '00:00', '']) expect(await plain(`interval=1d&timeZone=${encodeURIComponent(zone)}`), zone).toEqual(await plain('interval=1d'));
    // 12h at +8 moves: bars open at 04:00 and 16:00 UTC.
    expect(await plain('interval=12h&timeZone=8')).toEqual(expected(twoDays, 12 * HOUR, 8 * HOUR));
  });

  it('05:45 moves hour bars too: 1h and 4h built from the 15-minute bars, opening at :15 UTC', async () => {
    const start = base + 5 * HOUR;
    const quarters = [0, 1, 2, 3, 4, 5, 7, 9, 20].map((q) => barAt(start + q * 15 * MINUTE, q));
    await insert('candle', 'ETH', '15min', quarters);
    const query = `symbol=ETHUSDT&timeZone=05:45&startTime=${start - HOUR}&endTime=${start + 6 * HOUR}`;
    expect(await klines(`/api/v3/klines?interval=1h&${query}`)).toEqual(expected(quarters, HOUR, 345 * MINUTE));
    expect((await klines(`/api/v3/klines?interval=1h&${query}`)).map((k) => (k[0] - start) / MINUTE)).toEqual([-45, 15, 75, 135, 255]);
    // 4h bars open at 00:15, 04:15, … UTC: from a startTime before the first that holds a bar.
    expect(await klines(`/api/v3/klines?interval=4h&symbol=ETHUSDT&timeZone=05:45&startTime=${start - 5 * HOUR}&endTime=${start + 6 * HOUR}`)).toEqual(expected(quarters, 4 * HOUR, 345 * MINUTE));
    expect(await klines(`/api/v3/klines?interval=1h&symbol=ETHUSDT&timeZone=-3:45&startTime=${start - HOUR}&endTime=${start + 6 * HOUR}`)).toEqual(expected(quarters, HOUR, -225 * MINUTE));
  });

  it('1M and 1w open on the local 1st and the local Monday', async () => {
    const now = new Date(Date.now() - 100 * DAY);
    const month = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    const around = Array.from({ length: 16 }, (_, i) => barAt(month - 10 * HOUR + i * HOUR, i));
    await insert('candle', 'BTC', '60min', around);
    const monthOf = (offset: number) => (time: number) => {
      const d = new Date(time + offset);
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - offset;
    };
    const monthEnd = (offset: number) => (open: number) => {
      const d = new Date(open + offset);
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - offset - 1;
    };
    const months = await klines(`/api/v3/klines?symbol=BTCUSDT&interval=1M&timeZone=8&startTime=${month - 40 * DAY}&endTime=${month + DAY}`);
    expect(months).toEqual(expected(around, 0, 0, monthOf(8 * HOUR), monthEnd(8 * HOUR)));
    // The local 1st is 16:00 UTC the day before: the first two hours are the month before's.
    expect(months.map((k) => [(k[0] - month) / HOUR, k[8]])).toEqual([[(monthOf(8 * HOUR)(month - 10 * HOUR) - month) / HOUR, 1 + 2], [-8, around.slice(2).reduce((n, b) => n + b.count, 0)]]);

    // A Monday 00:00 UTC ten weeks back; at -5 the local Monday begins at 05:00 UTC.
    const someDay = Math.floor((Date.now() - 70 * DAY) / DAY) * DAY;
    const monday = someDay - ((new Date(someDay).getUTCDay() + 6) % 7) * DAY;
    const week = Array.from({ length: 16 }, (_, i) => barAt(monday - 5 * HOUR + i * HOUR, i));
    await insert('candle', 'BTC', '60min', week);
    const weekOf = (time: number) => {
      const local = Math.floor((time - 5 * HOUR) / DAY) * DAY;
      return local - ((new Date(local).getUTCDay() + 6) % 7) * DAY + 5 * HOUR;
    };
    const weeks = await klines(`/api/v3/klines?symbol=BTCUSDT&interval=1w&timeZone=-5&startTime=${monday - 8 * DAY}&endTime=${monday + DAY}`);
    expect(weeks).toEqual(expected(week, 7 * DAY, 0, weekOf));
    expect(weeks.map((k) => (k[0] - monday) / HOUR)).toEqual([5 - 7 * 24, 5]);
  });

  it('the latest local day is today’s, up to the hour in progress', async () => {
    const localDay = () => Math.floor((Date.now() + 8 * HOUR) / DAY) * DAY - 8 * HOUR;
    const before = localDay();
    const [latest] = await klines('/api/v3/klines?symbol=BTCUSDT&interval=1d&timeZone=8&limit=1');
    expect([before, localDay()]).toContain(latest![0]);
    expect(latest![6]).toBe(latest![0] + DAY - 1);
  });

  it('a timeZone that is none, or outside -12:00…+14:00, is -1100', async () => {
    for (const zone of ['abc', '+15', '15', '-13', '-12:30', '+14:01', '8:60', '1:5', '+', '8:', '++8', '0x8', '1e1', '8.5', ' 8']) {
      for (const url of ['/api/v3/klines', '/api/v3/uiKlines']) {
        const answer = await get(`${url}?symbol=ETHUSDT&interval=1d&timeZone=${encodeURIComponent(zone)}`);
        expect(answer, `${url} ${zone}`).toEqual({ status: 400, body: { code: -1100, msg: expect.stringContaining("Illegal characters found in parameter 'timeZone'") } });
      }
    }
    for (const zone of ['-12:00', '+14:00', '14', '-12', '5:30', '+12:45']) expect((await get(`/api/v3/klines?symbol=ETHUSDT&interval=1d&timeZone=${encodeURIComponent(zone)}`)).status, zone).toBe(200);
  });
});
