import { fxText, roundFx, type Fx } from '../../../domain/fx.js';
import { marginRatio } from '../../../domain/futures/formulas.js';
import { marginCallStep, type FuturesMarginCallPush } from '../../../domain/futures/marginCall.js';
import { tell } from './notices.js';
import type { Batch } from './batch.js';
import { liquidationCheck, memoryPositionsOf, positionRisk } from './margin.js';
import type { FuturesMemory } from './memory.js';
import type { Position } from './positions.js';

/*
 * Margin calls (domain/futures/marginCall.ts): an isolated position, or a cross account as a
 * whole, is called once its margin ratio reaches 80 % and re-armed once it falls below 70 % or the
 * position closes. A call is a notice and a push, written with a row of futures_margin_call in one
 * batch's transaction; memory (`marginCalled`) takes it with the commit (adopt.ts). The price feed
 * proposes the candidates from `callIndex` (the price at which each position's ratio reaches
 * 80 %) and checks them in memory first, so a mark update sends a command only for a state that
 * changes.
 */

/** What a call is kept under: the isolated position's contract, or the whole cross account. */
export const marginCallKey = (p: { userId: number; symbol: string; mode: string }): string => `${p.userId}:${p.mode === 'cross' ? 'cross' : p.symbol}`;

const scopeOf = (key: string): { userId: number; scope: string } => {
  const at = key.indexOf(':');
  return { userId: Number(key.slice(0, at)), scope: key.slice(at + 1) };
};

/** The open positions a call of `scope` covers, as `positions` holds them. */
const covered = (positions: readonly Position[], scope: string): Position[] =>
  positions.filter((p) => p.side !== 0 && (scope === 'cross' ? p.mode === 'cross' : p.mode === 'isolated' && p.symbol === scope));

/** The margin ratio of a call's positions (the first one's check covers a cross account whole), or undefined when none is open. */
function ratioOf(m: FuturesMemory, b: Batch | undefined, positions: readonly Position[]): { ratio: Fx | null; wallet: Fx } | undefined {
  const first = positions[0];
  if (!first) return undefined;
  const state = liquidationCheck(m, b, first);
  return { ratio: marginRatio(state.maintenance, state.balance), wallet: state.wallet };
}

/**
 * The calls whose state a mark of `symbol` changes, checked in memory: the positions the call
 * index proposes (and every multi-contract cross account with a position here, as the liquidation
 * does) that are not called yet, and the calls in force on this contract that may be re-armed. A
 * proposed position is past its call price, so only its first call can be due; a call in force is
 * looked at only by the marks that move it (in a crash thousands stand, for a while, on every pair).
 */
export function dueMarginCalls(m: FuturesMemory, symbol: string, mark: Fx): string[] {
  const keys = new Set<string>();
  const propose = (key: string) => {
    if (!m.marginCalled.has(key)) keys.add(key);
  };
  for (const positionKey of m.callIndex.candidates(symbol, mark)) {
    const p = m.positions.get(positionKey);
    if (p) propose(marginCallKey(p));
  }
  for (const userId of m.multiCross) if (m.positions.get(`${userId}:${symbol}`)?.side) propose(`${userId}:cross`);
  for (const key of m.marginCalled) if (movedBy(m, key, symbol)) keys.add(key);
  return [...keys].filter((key) => {
    const { userId, scope } = scopeOf(key);
    const state = ratioOf(m, undefined, covered(memoryPositionsOf(m, userId), scope));
    const called = m.marginCalled.has(key);
    return state === undefined ? called : marginCallStep(called, state.ratio) !== undefined;
  });
}

/**
 * Whether a mark of `symbol` may move a call in force: an isolated position's own contract; a
 * cross account with a position on it, or with none open any more (re-armed at the next mark).
 */
function movedBy(m: FuturesMemory, key: string, symbol: string): boolean {
  const { userId, scope } = scopeOf(key);
  if (scope !== 'cross') return scope === symbol;
  if (m.crossBySymbol.get(symbol)?.has(userId)) return true;
  return covered(memoryPositionsOf(m, userId), 'cross').length === 0;
}

/**
 * In a batch: calls or re-arms `key` as the batch's positions and balance say now (they may have
 * moved since the price feed looked). Answers what it did.
 */
export async function checkMarginCall(m: FuturesMemory, b: Batch, key: string, now: number): Promise<'call' | 'rearm' | undefined> {
  const { userId, scope } = scopeOf(key);
  await b.books.lock([userId]);
  const positions = covered(b.positionsOf(userId), scope);
  // The batch's own latest change of this call, if it made one, else the committed state.
  const mine = b.marginCalls.filter((c) => c.key === key);
  const called = mine.length > 0 ? mine[mine.length - 1]!.push !== undefined : m.marginCalled.has(key);
  const state = ratioOf(m, b, positions);
  const step = state === undefined ? (called ? 'rearm' : undefined) : marginCallStep(called, state.ratio);
  if (step === 'rearm') {
    await b.tx.query('delete from futures_margin_call where user_id = $1 and scope = $2', [userId, scope]);
    b.marginCalls.push({ key, userId });
  }
  if (step !== 'call' || !state) return step;
  const ratio = state.ratio === null ? '1' : fxText(state.ratio);
  await b.tx.query(
    `insert into futures_margin_call (user_id, scope, ratio, called_ms) values ($1, $2, $3::numeric, $4)
     on conflict (user_id, scope) do update set ratio = excluded.ratio, called_ms = excluded.called_ms`,
    [userId, scope, ratio, now],
  );
  const symbols = positions.map((p) => p.symbol.replace('_', '/')).join(', ');
  const percent = `${fxText(roundFx((state.ratio ?? 10n ** 18n) * 100n, 2, 'down'))}%`;
  await tell(b, userId, scope === 'cross' ? { kind: 'futures_margin_call_cross', params: { symbols, ratio: percent } } : { kind: 'futures_margin_call', params: { symbol: symbols, ratio: percent } });
  b.marginCalls.push({ key, userId, push: callPush(m, positions, scope, ratio, state.wallet, now) });
  return step;
}

/** The private channel's margin call: every position it covers, with the figures Binance's MARGIN_CALL gives. */
function callPush(m: FuturesMemory, positions: readonly Position[], scope: string, ratio: string, wallet: Fx, now: number): FuturesMarginCallPush {
  return {
    kind: 'futures_margin_call',
    mode: scope === 'cross' ? 'cross' : 'isolated',
    ratio,
    ...(scope === 'cross' && { crossWallet: fxText(wallet) }),
    positions: positions.map((p) => {
      const mark = m.marks.get(p.symbol)?.mark;
      const risk = positionRisk(m, p, mark);
      return {
        symbol: p.symbol,
        side: p.side as 1 | -1,
        quantity: fxText(p.quantity),
        mode: p.mode,
        isolatedWallet: p.mode === 'isolated' ? fxText(p.margin) : '0',
        mark: mark === undefined ? '0' : fxText(mark),
        unrealisedPnl: fxText(risk.pnl),
        maintenance: fxText(risk.maintenance),
      };
    }),
    time: now,
  };
}

/** Memory takes a committed batch's calls (adopt.ts), and each call's owner hears it on the private channel. */
export function adoptMarginCalls(m: FuturesMemory, b: Batch): void {
  for (const c of b.marginCalls) {
    if (!c.push) {
      m.marginCalled.delete(c.key);
      continue;
    }
    m.marginCalled.add(c.key);
    m.feed.message?.(c.userId, { channel: 'user', ...c.push } as never);
  }
}

/** The calls in force, as committed (a rebuild's). */
export async function loadMarginCalls(m: FuturesMemory): Promise<void> {
  m.marginCalled.clear();
  const rows = await m.db.query<{ user_id: string; scope: string }>('select user_id::text, scope from futures_margin_call');
  for (const r of rows) m.marginCalled.add(`${r.user_id}:${r.scope}`);
}
