/** Reading back through the API what a workload's traders did: the checks that nothing acknowledged was lost. */

import { addDecimal } from '../../domain/decimal.js';
import { FIAT_PATHS, type FiatOrder } from '../../domain/fiat.js';
import { FUTURES_PATHS, type FuturesOrder } from '../../domain/futures/api.js';
import { ICO_PATHS, type IcoSubscription } from '../../domain/ico.js';
import { SECONDS_PATHS, type SecondsContract } from '../../domain/seconds.js';
import { SPOT_PATHS } from '../../domain/spotOrders.js';
import { WALLET_PATHS, type TransferRecord, type WithdrawalRecord } from '../../domain/wallet.js';
import { call, mustCall } from './client.js';
import { ID_OF, type Acknowledged, type Kind, type Trader } from './submissions.js';

/** Every acknowledged submission, looked up through the API: the ones that cannot be found. */
export async function missingAcknowledged(url: string, traders: Trader[], acknowledged: Acknowledged[]): Promise<string[]> {
  const missing: string[] = [];
  for (const trader of traders) {
    const mine = acknowledged.filter((a) => a.trader === trader.account);
    const has = (kind: Kind) => mine.some((a) => a.kind === kind);
    const transfers = await allPages<TransferRecord>(url, WALLET_PATHS.transfers, trader.token);
    const withdrawals = await allPages<WithdrawalRecord>(url, WALLET_PATHS.withdrawals, trader.token);
    const transferIds = new Set(transfers.map((t) => t.id));
    const withdrawalIds = new Set(withdrawals.map((w) => w.id));
    const contractIds = new Set(has('seconds') ? (await secondsContracts(url, trader.token)).map((c) => c.id) : []);
    const subscribed = new Set(has('ico') ? (await mustCall<IcoSubscription[]>(url, ICO_PATHS.mine, {}, { token: trader.token })).map((s) => s.project_id) : []);
    for (const a of mine) {
      if (a.kind === 'transfer' && !transferIds.has(a.id)) missing.push(`transfer ${a.id} of ${a.trader}`);
      if (a.kind === 'withdrawal' && !withdrawalIds.has(a.id)) missing.push(`withdrawal ${a.id} of ${a.trader}`);
      if (a.kind === 'seconds' && !contractIds.has(a.id)) missing.push(`seconds contract ${a.id} of ${a.trader}`);
      if (a.kind === 'ico' && !subscribed.has(a.id)) missing.push(`ICO subscription to project ${a.id} of ${a.trader}`);
      const detail = { order: [SPOT_PATHS.detail, { id: a.id }], futures: [FUTURES_PATHS.orderDetail, { order_id: a.id }], fiat: [FIAT_PATHS.order, { order_id: a.id }] } as const;
      const lookup = detail[a.kind as keyof typeof detail];
      if (lookup && (await call(url, lookup[0], lookup[1], { token: trader.token })).code !== 200) missing.push(`${a.kind} order ${a.id} of ${a.trader}`);
    }
  }
  return missing;
}

/** Every seconds contract of a user: the open ones and the settled ones. */
export async function secondsContracts(url: string, token: string): Promise<SecondsContract[]> {
  return onceEach(ID_OF.seconds, [
    ...(await pages<SecondsContract>(url, SECONDS_PATHS.current, token, {})),
    ...(await pages<SecondsContract>(url, SECONDS_PATHS.history, token, { days: 3 })),
  ]);
}

/** Every futures order a user placed (not the liquidation and deleveraging closes the engine made). */
export async function futuresOrders(url: string, token: string): Promise<FuturesOrder[]> {
  const all = onceEach((o: FuturesOrder) => o.id, [
    ...(await pages<FuturesOrder>(url, FUTURES_PATHS.current, token, {})),
    ...(await pages<FuturesOrder>(url, FUTURES_PATHS.history, token, { days: 3 })),
  ]);
  return all.filter((o) => o.source === 'user' || o.source === 'flash');
}

/** Every P2P order the user is a party to. */
export function p2pOrders(url: string, token: string): Promise<FiatOrder[]> {
  return pages<FiatOrder>(url, FIAT_PATHS.orders, token, { tab: 'all', days: 3 });
}

/** Per ICO project, the quantity a user's acknowledged subscriptions added (each key once). */
export function icoAcknowledged(acknowledged: Acknowledged[], account: string): Map<number, string> {
  const byKey = new Map(acknowledged.filter((a) => a.kind === 'ico' && a.trader === account).map((a) => [a.key, a]));
  const sums = new Map<number, string>();
  for (const a of byKey.values()) sums.set(a.id, addDecimal(sums.get(a.id) ?? '0', a.quantity!));
  return sums;
}

/**
 * A record read while it moves from the open list to the history (a contract settling, an order
 * filling between the two reads) or while new rows push a history's pages down is read twice:
 * once each, by id. Nothing is missed that way, since the open list is read first.
 */
function onceEach<T>(idOf: (row: T) => number, rows: T[]): T[] {
  return [...new Map(rows.map((row) => [idOf(row), row])).values()];
}

const PAGE_SIZE = 50;

async function pages<T>(url: string, path: string, token: string, query: object): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const data = await mustCall<{ list: T[]; total: number }>(url, path, { ...query, page, size: PAGE_SIZE }, { token });
    rows.push(...data.list);
    // By pages, not by rows counted: rows pushed down a page while it is read come twice.
    if (data.list.length === 0 || page * PAGE_SIZE >= data.total) return rows;
  }
}

export function allPages<T>(url: string, path: string, token: string): Promise<T[]> {
  return pages<T>(url, path, token, { days: 3 });
}
