import { createHash } from 'node:crypto';
import type { Database } from '../../kernel/platform/db/database.js';

/**
 * Binance's client order ids. A `newClientOrderId` is the order's idempotency key: in the form the
 * browser's Idempotency-Key header takes (8–64 letters, digits, '-', '_'; ccxt's ids are), it is
 * that key itself, so a browser order and an API order with the same key are one submission;
 * another form (Binance allows '.', ':', '/' and 1–36 characters) is hashed into that form. The id
 * is kept beside the order so it can be queried and cancelled by it; an order placed without one
 * answers `ox<orderId>`.
 */
export type Market = 'spot' | 'futures';

export const CLIENT_ID = /^[.A-Z:/a-z0-9_-]{1,36}$/;
const HEADER_FORM = /^[A-Za-z0-9_-]{8,64}$/;

export function idempotencyKeyOf(clientOrderId: string | undefined): string | undefined {
  if (clientOrderId === undefined) return undefined;
  if (HEADER_FORM.test(clientOrderId)) return clientOrderId;
  return `c-${createHash('sha256').update(clientOrderId).digest('base64url')}`;
}

export const derivedClientId = (orderId: number) => `ox${orderId}`;

export function clientOrders(db: Database, clock: () => number = Date.now) {
  return {
    async remember(userId: number, market: Market, clientOrderId: string | undefined, orderId: number): Promise<void> {
      if (clientOrderId === undefined) return;
      await db.query(
        `insert into api_client_order (user_id, market, client_order_id, order_id, created_ms) values ($1, $2, $3, $4, $5) on conflict do nothing`,
        [userId, market, clientOrderId, orderId, clock()],
      );
    },
    /** The order a client id names for this user: a kept one, else the `ox<id>` form. */
    async orderOf(userId: number, market: Market, clientOrderId: string): Promise<number | undefined> {
      const [row] = await db.query<{ order_id: string }>('select order_id from api_client_order where user_id = $1 and market = $2 and client_order_id = $3', [
        userId,
        market,
        clientOrderId,
      ]);
      if (row) return Number(row.order_id);
      const derived = /^ox(\d{1,15})$/.exec(clientOrderId);
      return derived ? Number(derived[1]) : undefined;
    },
    /** The client ids of these orders (derived where none was given). */
    async idsOf(userId: number, market: Market, orderIds: number[]): Promise<Map<number, string>> {
      const ids = new Map(orderIds.map((id) => [id, derivedClientId(id)]));
      if (orderIds.length === 0) return ids;
      const rows = await db.query<{ order_id: string; client_order_id: string }>(
        'select order_id, client_order_id from api_client_order where user_id = $1 and market = $2 and order_id = any($3::bigint[])',
        [userId, market, orderIds],
      );
      for (const row of rows) ids.set(Number(row.order_id), row.client_order_id);
      return ids;
    },
  };
}

export type ClientOrders = ReturnType<typeof clientOrders>;
