/**
 * The pair list push's check (pairList.actor.ts): a chunk of its own, loaded with the first push,
 * so /home's first load does not carry it.
 */
import type { Pair } from '../../../domain/api';
import { isDecimalString } from '../../../domain/decimal';
import { HALT_REASON_MAX } from '../../../domain/market';

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

