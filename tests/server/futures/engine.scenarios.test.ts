import { describe, expect, it } from 'vitest';
import type { Pair } from '../../../domain/api.js';
import type { FuturesAction, MarginMode } from '../../../domain/futures/api.js';
import { fx, fxText } from '../../../domain/fx.js';
import { FuturesOrderStatus as S } from '../../../domain/futures/orderStatus.js';
import { FuturesEngine, type EngineCommand, type EngineState, type StepResult } from '../../../server/products/futures/engine/engine.js';
import { futuresPairs } from '../../../server/products/futures/pairs.js';
import { positionKey } from '../../../server/products/futures/positions.js';
import { numberVar } from '../../../server/kernel/platform/i18n/messageVars.js';

/*
 * The pure futures engine, scenario by scenario: a starting wallet, a sequence of commands, and
 * the state and effects expected after them. Every figure is worked out by hand from the formulas
 * (docs/API.md "Futures", domain/futures/formulas.ts), not read back from the engine:
 *   notional = q × price; initial margin = notional ÷ leverage (up); fee = notional × rate (up;
 *   taker 0.05 %, maker 0.02 %); an opening order holds margin + taker fee at its hold price;
 *   a close returns its share of margin, PnL = side × (exit notional − entry cost share);
 *   liquidation price LP = (WB − TMM₁ + UPNL₁ + cum − side·Q·EP) ÷ (Q·MMR − side·Q), BTC bracket 1:
 *   MMR 0.4 %, cum 0 (notional < 50 000); bracket 2: MMR 0.5 %, cum 50. ETH bracket 1: MMR 0.5 %.
 */

const POOL = 900;
const INSURANCE = 901;
const FEES = 902;
const MAKER = 800;
const pair = (left: string): Pair => ({ left_symbol: left, right_symbol: 'USDT', is_hot: 1, trade_status: 1, contract_status: 1, price_precision: 2, amount_precision: 3, min_quantity: '0.001', min_notional: '1' });
const engine = new FuturesEngine(futuresPairs([pair('BTC'), pair('ETH')]), { pool: POOL, insurance: INSURANCE, fees: FEES, makers: new Set([MAKER]) });

// The commands, written the way a scenario reads.
const leverage = (userId: number, x: number, mode: MarginMode, symbol = 'BTC_USDT'): EngineCommand => ({ kind: 'leverage', userId, symbol, leverage: x, mode });
const order = (userId: number, action: FuturesAction, quantity: string, price: string, o: { symbol?: string; reduceOnly?: boolean; source?: 'user' | 'liquidation' | 'adl' } = {}): EngineCommand => ({
  kind: 'place',
  request: { userId, symbol: o.symbol ?? 'BTC_USDT', action, type: 'limit', price, quantity, source: o.source ?? 'user', reduceOnly: o.reduceOnly },
});
const fill = (orderId: number, price: string, quantity: string, maker = false): EngineCommand => ({ kind: 'fill', orderId, price: fx(price), quantity: fx(quantity), maker });
const cancel = (userId: number, orderId: number): EngineCommand => ({ kind: 'cancel', userId, orderId });
const mark = (price: string, symbol = 'BTC_USDT'): EngineCommand => ({ kind: 'mark', symbol, mark: fx(price) });
const funding = (rate: string, symbol = 'BTC_USDT'): EngineCommand => ({ kind: 'funding', symbol, rate: fx(rate), fundingMs: 28_800_000 });
const margin = (userId: number, type: 'add' | 'remove', amount: string, symbol = 'BTC_USDT'): EngineCommand => ({ kind: 'margin', userId, symbol, type, amount });
/** An isolated ×10 long of 0.1 BTC at 98 000 filled as taker (order 1): margin 980, fee 4.9, available 10 000 − 984.9. */
const LONG_ISOLATED = [leverage(1, 10, 'isolated'), order(1, 'open_long', '0.1', '98000'), fill(1, '98000', '0.1')];
const LONG_CROSS = [leverage(1, 10, 'cross'), order(1, 'open_long', '0.1', '98000'), fill(1, '98000', '0.1')];

interface PositionFigures {
  side: -1 | 0 | 1;
  quantity: string;
  cost: string;
  margin: string;
  realised?: string;
  leverage?: number;
  mode?: MarginMode;
}

interface Scenario {
  name: string;
  /** Contract USDT available per user (the pool and the insurance fund start with 1 000 000 each). */
  wallet?: Record<number, string>;
  commands: EngineCommand[];
  positions?: Record<string, PositionFigures>;
  available?: Record<number, string>;
  frozen?: Record<number, string>;
  /** The last command's refusal (none expected when absent). */
  refused?: { refusal: string; vars?: Record<string, string> };
  /** The liquidation triggers of the last command: user, pair, liquidation price. */
  liquidations?: Array<[number, string, string]>;
  orders?: Record<number, { action?: FuturesAction; status?: number; held?: string; fee?: string; profit?: string }>;
}

const SYSTEM = { [POOL]: '1000000', [INSURANCE]: '1000000' };

function run(s: Scenario): { last: StepResult; state: EngineState } {
  let state = FuturesEngine.state(Object.entries({ 1: '10000', ...SYSTEM, ...s.wallet }).map(([u, v]) => [Number(u), fx(v)]));
  let last: StepResult = { state, effects: [] };
  s.commands.forEach((c, i) => {
    last = engine.step(state, c, 1_000 + i);
    const refusal = last.effects.find((e) => e.kind === 'refused');
    if (refusal && i < s.commands.length - 1) throw new Error(`command ${i} refused: ${JSON.stringify(refusal)}`);
    state = last.state;
  });
  return { last, state };
}

const figures = (p: { side: number; quantity: bigint; cost: bigint; margin: bigint; realised: bigint; leverage: number; mode: MarginMode }, want: PositionFigures) => ({
  side: p.side,
  quantity: fxText(p.quantity),
  cost: fxText(p.cost),
  margin: fxText(p.margin),
  ...(want.realised === undefined ? {} : { realised: fxText(p.realised) }),
  ...(want.leverage === undefined ? {} : { leverage: p.leverage }),
  ...(want.mode === undefined ? {} : { mode: p.mode }),
});

const scenarios: Scenario[] = [
  // ── Margin: what an order holds and a fill takes ─────────────────────────────────────────────
  {
    name: 'long 0.1 BTC at 98,000 ×10 isolated, resting → holds margin 980 + taker fee 4.9',
    commands: [leverage(1, 10, 'isolated'), order(1, 'open_long', '0.1', '98000')],
    available: { 1: '9015.1' }, frozen: { 1: '984.9' }, positions: { '1:BTC_USDT': { side: 0, quantity: '0', cost: '0', margin: '0', leverage: 10, mode: 'isolated' } },
    orders: { 1: { action: 'open_long', status: S.entrusted, held: '984.9' } },
  },
  {
    name: 'the same long filled as taker → margin 980 in the pool, fee 4.9, nothing left frozen',
    commands: LONG_ISOLATED,
    available: { 1: '9015.1', [POOL]: '1000980', [FEES]: '4.9' }, frozen: { 1: '0' },
    positions: { '1:BTC_USDT': { side: 1, quantity: '0.1', cost: '9800', margin: '980', realised: '0', leverage: 10, mode: 'isolated' } },
    orders: { 1: { status: S.allTraded, held: '0', fee: '4.9' } },
  },
  {
    name: 'filled as maker → fee 1.96 (0.02 %), the rest of the hold back',
    commands: [leverage(1, 10, 'isolated'), order(1, 'open_long', '0.1', '98000'), fill(1, '98000', '0.1', true)],
    available: { 1: '9018.04', [FEES]: '1.96' }, frozen: { 1: '0' },
  },
  {
    name: 'a market maker pays no fee',
    wallet: { [MAKER]: '10000' },
    commands: [leverage(MAKER, 10, 'cross'), order(MAKER, 'open_long', '0.1', '98000'), fill(1, '98000', '0.1')],
    available: { [MAKER]: '9020' }, orders: { 1: { fee: '0' } },
  },
  {
    name: 'short 1 BTC at 50,000 ×20 isolated (bracket 2) → margin 2,500, fee 25',
    commands: [leverage(1, 20, 'isolated'), order(1, 'open_short', '1', '50000'), fill(1, '50000', '1')],
    available: { 1: '7475' }, positions: { '1:BTC_USDT': { side: -1, quantity: '1', cost: '-50000', margin: '2500' } },
  },
  {
    name: 'increase: 0.1 at 98,000 then 0.1 at 100,000 → 0.2, cost 19,800, margin 1,980',
    commands: [...LONG_ISOLATED, order(1, 'open_long', '0.1', '100000'), fill(2, '100000', '0.1')],
    available: { 1: '8010.1' }, positions: { '1:BTC_USDT': { side: 1, quantity: '0.2', cost: '19800', margin: '1980' } },
  },
  {
    name: 'a partial fill releases the hold of the filled part; cancelling the rest gives back what it holds',
    commands: [leverage(1, 10, 'isolated'), order(1, 'open_long', '0.1', '98000'), fill(1, '98000', '0.04', true), cancel(1, 1)],
    available: { 1: '9607.216' }, frozen: { 1: '0' }, positions: { '1:BTC_USDT': { side: 1, quantity: '0.04', cost: '3920', margin: '392' } },
    orders: { 1: { status: S.cancelled, held: '0', fee: '0.784' } },
  },
  {
    name: 'not enough for margin and fee → refused with futuresInsufficientMargin',
    wallet: { 1: '100' },
    commands: [leverage(1, 10, 'isolated'), order(1, 'open_long', '0.1', '98000')],
    refused: { refusal: 'futuresInsufficientMargin', vars: { needed: numberVar('984.9') } }, available: { 1: '100' },
  },
  {
    name: '×125 on 0.6 BTC (notional 58,800, bracket 2: at most ×100) → futuresLeverageTooHighForSize',
    commands: [leverage(1, 125, 'cross'), order(1, 'open_long', '0.6', '98000')],
    refused: { refusal: 'futuresLeverageTooHighForSize', vars: { max: '100' } },
  },
  {
    name: '600 BTC at 98,000 (58.8 M) is past the 50 M position limit → futuresPositionLimit',
    commands: [leverage(1, 5, 'cross'), order(1, 'open_long', '600', '98000')],
    refused: { refusal: 'futuresPositionLimit', vars: { limit: numberVar('50000000') } },
  },
  {
    name: 'an opening order against a resting one the other way → futuresOppositeOrders',
    commands: [order(1, 'open_long', '0.1', '90000'), order(1, 'open_short', '0.1', '99000')],
    refused: { refusal: 'futuresOppositeOrders' },
  },
  {
    name: 'a quantity finer than the lot (3 places) → futuresQuantityInvalid',
    commands: [order(1, 'open_long', '0.0001', '98000')],
    refused: { refusal: 'futuresQuantityInvalid', vars: { places: '3' } },
  },
  // ── Positions, PnL and flips ─────────────────────────────────────────────────────────────────
  {
    name: 'partial close at a profit: 0.1 of 0.2 (entry 99,000) at 101,000 → PnL 200, margin 990 back, fee 5.05',
    commands: [...LONG_ISOLATED, order(1, 'open_long', '0.1', '100000'), fill(2, '100000', '0.1'), order(1, 'close_long', '0.1', '101000'), fill(3, '101000', '0.1')],
    available: { 1: '9195.05' }, positions: { '1:BTC_USDT': { side: 1, quantity: '0.1', cost: '9900', margin: '990', realised: '200' } },
    orders: { 3: { action: 'close_long', profit: '200', fee: '5.05' } },
  },
  {
    name: 'close all at a loss: 0.1 at 95,000 → PnL −300, flat, the loss stays in the pool',
    commands: [...LONG_ISOLATED, order(1, 'close_long', '0.1', '95000'), fill(2, '95000', '0.1')],
    available: { 1: '9690.35', [POOL]: '1000300' }, positions: { '1:BTC_USDT': { side: 0, quantity: '0', cost: '0', margin: '0', realised: '-300' } },
  },
  {
    name: 'short closed at a profit: 1 BTC from 50,000 to 48,000 → PnL 2,000, fee 24',
    commands: [leverage(1, 20, 'isolated'), order(1, 'open_short', '1', '50000'), fill(1, '50000', '1'), order(1, 'close_short', '1', '48000'), fill(2, '48000', '1')],
    available: { 1: '11951' }, positions: { '1:BTC_USDT': { side: 0, quantity: '0', cost: '0', margin: '0', realised: '2000' } },
  },
  {
    name: 'one-way: an open_short against a long becomes its close_long, holding nothing',
    commands: [...LONG_ISOLATED, order(1, 'open_short', '0.1', '99000')],
    orders: { 2: { action: 'close_long', held: '0' } }, frozen: { 1: '0' },
  },
  {
    name: 'flip in two steps: the long closed by an open_short (+100), then a fresh short of 0.1 at 99,000',
    commands: [...LONG_ISOLATED, order(1, 'open_short', '0.1', '99000'), fill(2, '99000', '0.1'), order(1, 'open_short', '0.1', '99000'), fill(3, '99000', '0.1')],
    // 9,015.1 + 980 + 100 − 4.95 (close fee), then − 990 − 4.95 for the short.
    available: { 1: '9095.2' }, positions: { '1:BTC_USDT': { side: -1, quantity: '0.1', cost: '-9900', margin: '990', realised: '0' } },
  },
  {
    name: 'one-way: an open_short larger than the long → futuresReduceExceedsClosable',
    commands: [...LONG_ISOLATED, order(1, 'open_short', '0.2', '99000')],
    refused: { refusal: 'futuresReduceExceedsClosable', vars: { closable: numberVar('0.1') } },
  },
  {
    name: 'close with no position → futuresNoPosition',
    commands: [order(1, 'close_long', '0.1', '99000')],
    refused: { refusal: 'futuresNoPosition' },
  },
  {
    name: 'close beyond what resting closes leave (0.1 − 0.06) → futuresCloseExceedsClosable 0.04',
    commands: [...LONG_ISOLATED, order(1, 'close_long', '0.06', '120000'), order(1, 'close_long', '0.05', '120000')],
    refused: { refusal: 'futuresCloseExceedsClosable', vars: { closable: numberVar('0.04') } },
  },
  // ── Reduce-only ──────────────────────────────────────────────────────────────────────────────
  {
    name: 'reduce-only in the position’s own direction → futuresReduceOnlyIncreases',
    commands: [...LONG_ISOLATED, order(1, 'open_long', '0.05', '98000', { reduceOnly: true })],
    refused: { refusal: 'futuresReduceOnlyIncreases' },
  },
  {
    name: 'reduce-only with no position → futuresReduceOnlyIncreases',
    commands: [order(1, 'open_short', '0.05', '98000', { reduceOnly: true })],
    refused: { refusal: 'futuresReduceOnlyIncreases' },
  },
  {
    name: 'reduce-only opposite and within the position → a close_long of 0.05',
    commands: [...LONG_ISOLATED, order(1, 'open_short', '0.05', '99000', { reduceOnly: true })],
    orders: { 2: { action: 'close_long', held: '0' } },
  },
  {
    name: 'reduce-only larger than the position → futuresReduceExceedsClosable',
    commands: [...LONG_ISOLATED, order(1, 'open_short', '0.3', '99000', { reduceOnly: true })],
    refused: { refusal: 'futuresReduceExceedsClosable', vars: { closable: numberVar('0.1') } },
  },
  // ── Leverage and margin mode ─────────────────────────────────────────────────────────────────
  {
    name: 'leverage 25 cross while flat → set',
    commands: [leverage(1, 25, 'cross')],
    positions: { '1:BTC_USDT': { side: 0, quantity: '0', cost: '0', margin: '0', leverage: 25, mode: 'cross' } },
  },
  {
    name: 'leverage 126 (BTC allows 125) → futuresLeverageInvalid',
    commands: [leverage(1, 126, 'cross')],
    refused: { refusal: 'futuresLeverageInvalid', vars: { max: '125' } },
  },
  {
    name: 'leverage changed with a position open → futuresLeverageLocked',
    commands: [...LONG_ISOLATED, leverage(1, 20, 'isolated')],
    refused: { refusal: 'futuresLeverageLocked' },
  },
  // ── Isolated margin adjustments ──────────────────────────────────────────────────────────────
  {
    name: 'add 100 to the isolated long → margin 1,080; liquidation price (1,080 − 9,800) ÷ −0.0996 = 87,550.2008…',
    commands: [...LONG_ISOLATED, margin(1, 'add', '100'), mark('87550.21')],
    available: { 1: '8915.1', [POOL]: '1001080' }, positions: { '1:BTC_USDT': { side: 1, quantity: '0.1', cost: '9800', margin: '1080' } },
    liquidations: [],
  },
  {
    name: 'add 100 then remove 50 (the mark at entry keeps 980) → margin 1,030',
    commands: [...LONG_ISOLATED, margin(1, 'add', '100'), mark('98000'), margin(1, 'remove', '50')],
    available: { 1: '8965.1' }, positions: { '1:BTC_USDT': { side: 1, quantity: '0.1', cost: '9800', margin: '1030' } },
  },
  {
    name: 'remove margin below the initial margin → futuresMarginRemoveTooMuch, at most 0',
    commands: [...LONG_ISOLATED, margin(1, 'remove', '1')],
    refused: { refusal: 'futuresMarginRemoveTooMuch', vars: { max: numberVar('0') } },
  },
  {
    name: 'add more than available → futuresMarginAddTooMuch',
    commands: [...LONG_ISOLATED, margin(1, 'add', '9015.2')],
    refused: { refusal: 'futuresMarginAddTooMuch', vars: { available: numberVar('9015.1') } },
  },
  {
    name: 'margin on a cross position → futuresMarginNotIsolated',
    commands: [...LONG_CROSS, margin(1, 'add', '10')],
    refused: { refusal: 'futuresMarginNotIsolated' },
  },
  {
    name: 'a margin amount with 9 decimals → futuresMarginAmountInvalid',
    commands: [...LONG_ISOLATED, margin(1, 'add', '1.123456789')],
    refused: { refusal: 'futuresMarginAmountInvalid' },
  },
  // ── Liquidation triggers ─────────────────────────────────────────────────────────────────────
  {
    name: 'isolated long: mark 88,554.22, above LP = 8,820 ÷ 0.0996 = 88,554.2168… → no trigger',
    commands: [...LONG_ISOLATED, mark('88554.22')],
    liquidations: [],
  },
  {
    name: 'isolated long: mark drops to 88,554.21 (margin balance 35.421 ≤ maintenance 35.421684) → liquidation triggered',
    commands: [...LONG_ISOLATED, mark('88554.21')],
    liquidations: [[1, 'BTC_USDT', '88554.216867469879518073']],
  },
  {
    name: 'isolated short ×20: mark 52,288.55 below LP = 52,550 ÷ 1.005 = 52,288.557… → no trigger',
    commands: [leverage(1, 20, 'isolated'), order(1, 'open_short', '1', '50000'), fill(1, '50000', '1'), mark('52288.55')],
    liquidations: [],
  },
  {
    name: 'isolated short ×20: mark 52,288.56 (balance 211.44 ≤ maintenance 261.4428 − 50) → liquidation triggered',
    commands: [leverage(1, 20, 'isolated'), order(1, 'open_short', '1', '50000'), fill(1, '50000', '1'), mark('52288.56')],
    liquidations: [[1, 'BTC_USDT', '52288.557213930348258706']],
  },
  {
    name: 'cross long backed by the whole wallet (9,995.1 ≥ the 9,800 cost): mark 1 → no trigger',
    commands: [...LONG_CROSS, mark('1')],
    liquidations: [],
  },
  {
    name: 'cross: an ETH loss to 1,560 eats into the BTC long’s margin too, not yet past maintenance (53.6 > 47)',
    wallet: { 1: '1500' },
    commands: [...LONG_CROSS, leverage(1, 10, 'cross', 'ETH_USDT'), order(1, 'open_long', '1', '3000', { symbol: 'ETH_USDT' }), fill(2, '3000', '1'), mark('98000'), mark('1560', 'ETH_USDT')],
    available: { 1: '213.6' }, liquidations: [],
  },
  {
    name: 'cross: ETH to 1,550 (43.6 ≤ 46.95) → both cross positions triggered; the BTC LP rises from 83,548.19 to 98,033.63',
    wallet: { 1: '1500' },
    commands: [...LONG_CROSS, leverage(1, 10, 'cross', 'ETH_USDT'), order(1, 'open_long', '1', '3000', { symbol: 'ETH_USDT' }), fill(2, '3000', '1'), mark('98000'), mark('1550', 'ETH_USDT')],
    liquidations: [[1, 'BTC_USDT', '98033.634538152610441768'], [1, 'ETH_USDT', '1553.366834170854271357']],
  },
  // ── Liquidation and deficit closes ───────────────────────────────────────────────────────────
  {
    name: 'liquidation close at 88,600: PnL −940, fee 4.43, the 35.57 left goes to the insurance fund as the liquidation fee',
    commands: [...LONG_ISOLATED, order(1, 'close_long', '0.1', '88600', { source: 'liquidation' }), fill(2, '88600', '0.1')],
    available: { 1: '9015.1', [INSURANCE]: '1000035.57' }, orders: { 2: { fee: '4.43', profit: '-940' } },
  },
  {
    name: 'isolated close past bankruptcy at 88,000: PnL −1,000, no fee, the insurance fund covers 20',
    commands: [...LONG_ISOLATED, order(1, 'close_long', '0.1', '88000', { source: 'liquidation' }), fill(2, '88000', '0.1')],
    available: { 1: '9015.1', [INSURANCE]: '999980' }, orders: { 2: { fee: '0' } },
  },
  {
    name: 'cross close past bankruptcy: the account’s available pays the 24.4 deficit, not the fund',
    commands: [...LONG_CROSS, order(1, 'close_long', '0.1', '88000'), fill(2, '88000', '0.1')],
    available: { 1: '8990.7', [INSURANCE]: '1000000' }, orders: { 2: { fee: '4.4' } },
  },
  {
    name: 'an auto-deleveraged close pays no fee',
    commands: [...LONG_ISOLATED, order(1, 'close_long', '0.1', '99000', { source: 'adl' }), fill(2, '99000', '0.1', true)],
    available: { 1: '10095.1' }, orders: { 2: { fee: '0', profit: '100' } },
  },
  // ── Funding ──────────────────────────────────────────────────────────────────────────────────
  {
    name: 'funding +0.01 % at mark 100,000: the long pays 1, the short receives 1, the fund nets 0',
    wallet: { 2: '10000' },
    commands: [...LONG_CROSS, leverage(2, 10, 'cross'), order(2, 'open_short', '0.1', '98000'), fill(2, '98000', '0.1'), mark('100000'), funding('0.0001')],
    available: { 1: '9014.1', 2: '9016.1', [INSURANCE]: '1000000' },
  },
  {
    name: 'funding −0.02 %: shorts pay longs (2 each way)',
    wallet: { 2: '10000' },
    commands: [...LONG_CROSS, leverage(2, 10, 'cross'), order(2, 'open_short', '0.1', '98000'), fill(2, '98000', '0.1'), mark('100000'), funding('-0.0002')],
    available: { 1: '9017.1', 2: '9013.1' },
  },
  {
    name: 'funding rounds the payer up and the receiver down to 8 places; the fund keeps 0.00000001',
    wallet: { 2: '10000' },
    commands: [leverage(1, 10, 'cross'), order(1, 'open_long', '0.001', '98000'), fill(1, '98000', '0.001'), leverage(2, 10, 'cross'), order(2, 'open_short', '0.001', '98000'), fill(2, '98000', '0.001'), mark('98765.4321'), funding('0.00012345')],
    // 0.001 × 98,765.4321 × 0.00012345 = 0.012192592592745; each opened with 9.8 + 0.049 → 9,990.151.
    available: { 1: '9990.1388074', 2: '9990.16319259', [INSURANCE]: '1000000.00000001' },
  },
  {
    name: 'a payer with nothing available pays funding from the position’s margin',
    wallet: { 1: '984.9' },
    commands: [...LONG_ISOLATED, mark('100000'), funding('0.0001')],
    available: { 1: '0', [INSURANCE]: '1000001' }, positions: { '1:BTC_USDT': { side: 1, quantity: '0.1', cost: '9800', margin: '979' } },
  },
  {
    // Bankruptcy 98 000 − 980 ÷ 0.1 = 88 200: a close resting there loses 1 beyond the 979 left, so it ends.
    name: 'funding taken from the margin ends a resting close it no longer backs',
    wallet: { 1: '984.9' },
    commands: [...LONG_ISOLATED, order(1, 'close_long', '0.1', '88200'), mark('100000'), funding('0.0001')],
    orders: { 2: { action: 'close_long', status: S.cancelled } },
  },
  {
    name: 'funding taken from the margin leaves a close it still backs (88 300 loses 9 less than the 979 left)',
    wallet: { 1: '984.9' },
    commands: [...LONG_ISOLATED, order(1, 'close_long', '0.1', '88300'), mark('100000'), funding('0.0001')],
    orders: { 2: { action: 'close_long', status: S.entrusted } },
  },
];

describe('FuturesEngine scenarios', () => {
  it.each(scenarios)('$name', (s) => {
    const { last, state } = run(s);
    const refusal = last.effects.find((e) => e.kind === 'refused');
    if (s.refused) expect(refusal).toEqual({ kind: 'refused', refusal: { refusal: s.refused.refusal, vars: s.refused.vars } });
    else expect(refusal).toBeUndefined();
    for (const [user, want] of Object.entries(s.available ?? {})) expect(fxText(state.balances.get(Number(user))?.available ?? 0n), `available of ${user}`).toBe(want);
    for (const [user, want] of Object.entries(s.frozen ?? {})) expect(fxText(state.balances.get(Number(user))?.frozen ?? 0n), `frozen of ${user}`).toBe(want);
    for (const [key, want] of Object.entries(s.positions ?? {})) {
      const [user, symbol] = key.split(':') as [string, string];
      const p = state.positions.get(positionKey(Number(user), symbol));
      expect(p, key).toBeDefined();
      expect(figures(p!, want), key).toEqual(want);
    }
    for (const [id, want] of Object.entries(s.orders ?? {})) {
      const o = state.orders.get(Number(id))!;
      const seen = { action: o.action, status: o.status, held: fxText(o.held), fee: fxText(o.fee), profit: fxText(o.profit) };
      expect(Object.fromEntries(Object.keys(want).map((k) => [k, seen[k as keyof typeof seen]])), `order ${id}`).toEqual(want);
    }
    if (s.liquidations) {
      const triggered = last.effects.flatMap((e) => (e.kind === 'liquidate' ? [[e.userId, e.symbol, fxText(e.price)]] : []));
      expect(triggered).toEqual(s.liquidations);
    }
  });

  it('is pure: a step leaves the state it was given as it was', () => {
    const before = run({ name: 'long', commands: LONG_ISOLATED }).state;
    const positions = new Map(before.positions);
    const balances = new Map(before.balances);
    engine.step(before, order(1, 'close_long', '0.1', '99000'), 9_999);
    engine.step(before, fill(1, '98000', '0.1'), 9_999);
    expect(before.positions).toEqual(positions);
    expect(before.balances).toEqual(balances);
  });

  it('says what to book, in order, as data', () => {
    const { last } = run({ name: 'fill', commands: LONG_ISOLATED });
    const ledger = last.effects.flatMap((e) => (e.kind === 'ledger' ? [e.movement] : []));
    expect(ledger.map((m) => (m.kind === 'change' ? [m.reason, fxText(m.available), fxText(m.frozen)] : [m.reason, m.from, m.to, fxText(m.amount)]))).toEqual([
      ['futures_hold_release', '984.9', '-984.9'],
      ['futures_margin', 1, POOL, '980'],
      ['futures_fee', 1, FEES, '4.9'],
    ]);
    expect(last.effects.filter((e) => e.kind === 'order' || e.kind === 'position').map((e) => e.kind)).toEqual(['order', 'position']);
  });
});
