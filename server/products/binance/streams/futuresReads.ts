import type { FastifyInstance } from 'fastify';
import { fxText } from '../../../../domain/fx.js';
import type { FuturesFill, FuturesOrder, FuturesPosition } from '../../../../domain/futures/api.js';
import type { ProductCall } from '../../../kernel/cluster/shards/productCalls.js';
import { productMarket } from '../../../kernel/cluster/shards/processes.js';
import type { RemoteMarkets } from '../../../kernel/platform/product.js';
import type { Offers } from '../../../kernel/platform/offers.js';
import { futuresAsset } from '../futuresShapes.js';
import { binanceSymbol } from '../symbols.js';
import type { StreamPosition } from './futuresEvents.js';
import type { ListenKeyStore } from './listenKeys.js';

/** Whose stream reads: its user, and its listenKey (what a read at the engine's holder is allowed by). */
export interface StreamOwner {
  userId: number;
  key?: string;
}

/** What the futures user data stream reads of the engine when a push arrives (futuresStreams.ts). */
export interface FuturesStreamReads {
  ordersById(owner: StreamOwner, ids: readonly number[]): Promise<FuturesOrder[]>;
  fillsAfter(owner: StreamOwner, orderId: number, afterId: number, limit: number): Promise<FuturesFill[]>;
  /** The USDT wallet balance (`wb`) and cross wallet balance (`cw`) now; undefined where futures cannot be reached. */
  wallet(owner: StreamOwner): Promise<{ wb: string; cw: string } | undefined>;
  positions(owner: StreamOwner, symbols: readonly string[]): Promise<StreamPosition[]>;
  isolatedPositions(owner: StreamOwner): Promise<StreamPosition[]>;
}

/** A position as ACCOUNT_UPDATE tells it: the amount signed by its side, the isolated margin as `iw`. */
function streamPosition(symbol: string, open: FuturesPosition | undefined, flat: { realised: bigint; mode: 'isolated' | 'cross' }): StreamPosition {
  if (!open) return { s: binanceSymbol(symbol), pa: '0', ep: '0', bep: '0', cr: fxText(flat.realised), up: '0', mt: flat.mode, iw: '0', ps: 'BOTH' };
  return {
    s: binanceSymbol(symbol),
    pa: open.side === -1 ? `-${open.quantity}` : open.quantity,
    ep: open.entry_price,
    bep: open.entry_price,
    cr: open.realised,
    up: open.unrealised_pnl,
    mt: open.margin_mode,
    iw: open.margin_mode === 'isolated' ? open.margin : '0',
    ps: 'BOTH',
  };
}

/** The reads from the futures engine's offer, read per call (products offer in any order): nothing while it is not offered here. */
export function engineReads(offers: Offers): FuturesStreamReads {
  const trading = () => offers.use('futuresTrading');
  return {
    ordersById: async ({ userId }, ids) => (await trading()?.service.streamReads.ordersById(userId, ids)) ?? [],
    fillsAfter: async ({ userId }, orderId, afterId, limit) => (await trading()?.service.streamReads.fillsAfter(userId, orderId, afterId, limit)) ?? [],
    wallet: async ({ userId }) => {
      const offered = trading();
      if (!offered) return undefined;
      const asset = futuresAsset(await offered.service.account(userId), Date.now());
      return { wb: asset.walletBalance, cw: asset.crossWalletBalance };
    },
    positions: async ({ userId }, symbols) => {
      const offered = trading();
      if (!offered) return [];
      const open = offered.service.positions(userId);
      return symbols.map((symbol) => streamPosition(symbol, open.find((p) => p.symbol === symbol), offered.exchange.positionOf(userId, symbol)));
    },
    isolatedPositions: async ({ userId }) => {
      const offered = trading();
      if (!offered) return [];
      return offered.service
        .positions(userId)
        .filter((p) => p.margin_mode === 'isolated')
        .map((p) => streamPosition(p.symbol, p, offered.exchange.positionOf(userId, p.symbol)));
    },
  };
}

const FUTURES = productMarket('futures');

/**
 * The stream's reads in this process: the engine's where it runs here (a single server, the
 * holder), else, where futures runs apart (MARKET_PROCESSES, a cluster node), its holder's.
 */
export function futuresStreamReads(offers: Offers, remote: RemoteMarkets | undefined): FuturesStreamReads {
  const engine = engineReads(offers);
  const holder = remote && remote.processOf(FUTURES) !== undefined ? holderReads(remote, FUTURES) : undefined;
  const reads = () => (holder && !offers.use('futuresTrading') ? holder : engine);
  return {
    ordersById: (owner, ids) => reads().ordersById(owner, ids),
    fillsAfter: (owner, orderId, afterId, limit) => reads().fillsAfter(owner, orderId, afterId, limit),
    wallet: (owner) => reads().wallet(owner),
    positions: (owner, symbols) => reads().positions(owner, symbols),
    isolatedPositions: (owner) => reads().isolatedPositions(owner),
  };
}

/**
 * Where the engine's holder answers a stream's reads (futuresApart.ts mounts it there, in the
 * holder's own app, which never listens). It is no path the nodes forward (the product's paths are
 * /api/futures/ and the dialect's engine calls), and every read names a live futures listenKey,
 * whose user it reads for: the key is what opens the stream itself.
 */
export const STREAM_READS_PATH = '/internal/binance/futures-stream';

type Read =
  | { read: 'orders'; ids: number[] }
  | { read: 'fills'; orderId: number; afterId: number; limit: number }
  | { read: 'wallet' }
  | { read: 'positions'; symbols: string[] }
  | { read: 'isolated' };

const integer = { type: 'integer', minimum: 0 };
const READ_SCHEMA = {
  type: 'object',
  required: ['listenKey', 'read'],
  additionalProperties: false,
  properties: {
    listenKey: { type: 'string', maxLength: 64 },
    read: { type: 'string', enum: ['orders', 'fills', 'wallet', 'positions', 'isolated'] },
    ids: { type: 'array', maxItems: 1000, items: integer },
    orderId: integer,
    afterId: integer,
    limit: { type: 'integer', minimum: 1, maximum: 1000 },
    symbols: { type: 'array', maxItems: 1000, items: { type: 'string', maxLength: 32 } },
  },
};

/**
 * The reads of a node whose process does not run the engine: each one a call to the engine's holder
 * over the bus (kernel/cluster/shards/productCalls.ts), answered there by `streamReadRoutes`.
 */
export function holderReads(remote: RemoteMarkets, market: string): FuturesStreamReads {
  async function ask<T>(owner: StreamOwner, read: Read): Promise<T> {
    // A stream without a key (none is opened so for futures) has nothing to read there by.
    if (owner.key === undefined) throw new Error('a futures stream read at the holder needs its listenKey');
    const call: ProductCall = { method: 'POST', url: STREAM_READS_PATH, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ listenKey: owner.key, ...read }), ip: '' };
    const answer = (await remote.call(market, call)) as { status: number; body: string };
    if (answer.status !== 200) throw new Error(`futures stream read ${read.read}: HTTP ${answer.status}`);
    return JSON.parse(answer.body) as T;
  }
  return {
    ordersById: (owner, ids) => ask(owner, { read: 'orders', ids: [...ids] }),
    fillsAfter: (owner, orderId, afterId, limit) => ask(owner, { read: 'fills', orderId, afterId, limit }),
    wallet: async (owner) => (await ask<{ wb: string; cw: string } | null>(owner, { read: 'wallet' })) ?? undefined,
    positions: (owner, symbols) => ask(owner, { read: 'positions', symbols: [...symbols] }),
    isolatedPositions: (owner) => ask(owner, { read: 'isolated' }),
  };
}

/** The holder's side of `holderReads`: the engine's reads for the user of a live futures listenKey. */
export function streamReadRoutes(offers: Offers, store: ListenKeyStore) {
  return async (app: FastifyInstance) => {
    app.post(STREAM_READS_PATH, { schema: { body: READ_SCHEMA } }, async (request, reply) => {
      const body = request.body as Read & { listenKey: string };
      const userId = await store.userOf(body.listenKey);
      if (userId === undefined) return reply.status(404).send(null);
      const reads = engineReads(offers);
      const owner = { userId };
      switch (body.read) {
        case 'orders':
          return reads.ordersById(owner, body.ids ?? []);
        case 'fills':
          return reads.fillsAfter(owner, body.orderId ?? 0, body.afterId ?? 0, body.limit ?? 1000);
        case 'wallet':
          return (await reads.wallet(owner)) ?? null;
        case 'positions':
          return reads.positions(owner, body.symbols ?? []);
        case 'isolated':
          return reads.isolatedPositions(owner);
      }
    });
  };
}
