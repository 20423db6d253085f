/**
 * Socket payloads are untrusted: a market-data message is used only if every field has the shape
 * documented in docs/API.md ("Market-data channels"); anything else is dropped.
 */
import type { ContractIndexTick } from '../../../domain/api';
import { isDecimalString } from '../../../domain/decimal';
import type { DepthMessage, KlineBar, KlineMessage, Level, PublicTrade, TradesMessage } from '../../../domain/market';

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null;
const isLevel = (value: unknown): value is Level =>
  Array.isArray(value) && value.length === 2 && isDecimalString(value[0]) && isDecimalString(value[1]);
const isLevels = (value: unknown): value is Level[] => Array.isArray(value) && value.every(isLevel);

export function parseDepthMessage(payload: unknown, channel: string): DepthMessage | undefined {
  if (!isObject(payload) || payload.channel !== channel) return undefined;
  if (payload.kind !== 'snapshot' && payload.kind !== 'delta') return undefined;
  if (!Number.isSafeInteger(payload.seq) || !isLevels(payload.bids) || !isLevels(payload.asks)) return undefined;
  return payload as unknown as DepthMessage;
}

const isTrade = (value: unknown): value is PublicTrade =>
  isObject(value) &&
  Number.isSafeInteger(value.id) &&
  Number.isSafeInteger(value.time) &&
  isDecimalString(value.price) &&
  isDecimalString(value.quantity) &&
  (value.side === 'buy' || value.side === 'sell');

export function parseTradesMessage(payload: unknown, channel: string): TradesMessage | undefined {
  if (!isObject(payload) || payload.channel !== channel) return undefined;
  if (payload.kind !== 'snapshot' && payload.kind !== 'update') return undefined;
  if (!Array.isArray(payload.trades) || !payload.trades.every(isTrade)) return undefined;
  return payload as unknown as TradesMessage;
}

export function isKlineBar(value: unknown): value is KlineBar {
  return (
    isObject(value) &&
    Number.isSafeInteger(value.time) &&
    [value.open, value.high, value.low, value.close, value.amount, value.vol].every(isDecimalString) &&
    typeof value.count === 'number'
  );
}

export function parseKlineMessage(payload: unknown, channel: string): KlineMessage | undefined {
  if (!isObject(payload) || payload.channel !== channel || typeof payload.interval !== 'string') return undefined;
  return isKlineBar(payload.bar) ? (payload as unknown as KlineMessage) : undefined;
}

export function parseIndexTick(payload: unknown, channel: string): ContractIndexTick | undefined {
  if (!isObject(payload) || payload.channel !== channel || typeof payload.pair !== 'string') return undefined;
  return isDecimalString(payload.close) ? (payload as unknown as ContractIndexTick) : undefined;
}
