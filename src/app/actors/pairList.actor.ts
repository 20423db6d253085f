import { fromCallback, type EventObject } from 'xstate';
import type { Pair } from '../../../domain/api';
import { isDecimalString } from '../../../domain/decimal';
import { HALT_REASON_MAX, PAIR_LIST_CHANNEL } from '../../../domain/market';
import type { SocketClient } from '../../services/socket';

const SYMBOL = /^[A-Z0-9]{1,12}$/;
const flag = (v: unknown): v is 0 | 1 => v === 0 || v === 1;
const places = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 18;
const reason = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.length > 0 && v.length <= HALT_REASON_MAX);

/** One pair of a push, used only if every field has the shape POST /api/pair_list gives it. */
function parsePair(value: unknown): Pair | undefined {
  const p = value as Partial<Record<keyof Pair, unknown>> | null;
  if (!p || typeof p !== 'object') return undefined;
  if (typeof p.left_symbol !== 'string' || !SYMBOL.test(p.left_symbol) || typeof p.right_symbol !== 'string' || !SYMBOL.test(p.right_symbol)) return undefined;
  if (!flag(p.is_hot) || !flag(p.trade_status) || !flag(p.contract_status) || !places(p.price_precision) || !places(p.amount_precision)) return undefined;
  if (!isDecimalString(p.min_quantity) || !isDecimalString(p.min_notional) || !reason(p.halted_reason) || !reason(p.contract_halted_reason)) return undefined;
  return p as Pair;
}

/** Socket payloads are untrusted: a pair list push is used only if it is a list and every pair in it is well formed. */
export function parsePairList(payload: unknown): Pair[] | undefined {
  const pairs = (payload as { pairs?: unknown } | null)?.pairs;
  if (!Array.isArray(pairs) || pairs.length > 2000) return undefined;
  const parsed = pairs.map(parsePair);
  return parsed.every((p): p is Pair => p !== undefined) ? parsed : undefined;
}

/**
 * The pair list's channel (issue 52 §1; domain/market.ts PAIR_LIST_CHANNEL): joined once the app
 * runs, it reports each valid list as `market.pairs`, so the home tickers and the markets list
 * follow a halt, a listing or a delisting without a reload. The first message is the list as the
 * server has it then (what changed between the app's fetch and the join included).
 */
export function createPairListActor(socket: SocketClient) {
  return fromCallback<EventObject>(({ sendBack }) =>
    socket.subscribe(PAIR_LIST_CHANNEL, (payload) => {
      const pairs = parsePairList(payload);
      if (pairs) sendBack({ type: 'market.pairs', pairs });
    }),
  );
}
