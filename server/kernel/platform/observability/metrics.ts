import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's figures in Prometheus's text format (GET /metrics, issue 38 "operable"): the
 * runtime's own (CPU, memory, event-loop lag, GC), HTTP requests by route and status with their
 * durations, and per market its commands, batches and queue depth, and the sockets open.
 *
 * The markets' figures cost their hot path nothing: they are read from each sequencer's own
 * counters when a scrape asks (`watchMarket`), not counted again per order. Sources are held by
 * WeakRef, so a market or a gateway that is gone (tests make and drop many) just stops reporting.
 */
export const metrics = new Registry();
collectDefaultMetrics({ register: metrics, prefix: 'openex_' });

export const httpRequests = new Counter({
  name: 'openex_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metrics],
});

export const httpDuration = new Histogram({
  name: 'openex_http_request_duration_seconds',
  help: 'Time from a request to its answer, by route pattern',
  labelNames: ['route'] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 8],
  registers: [metrics],
});

/** What a market's sequencer counts anyway (Sequencer.stats) and its queue. */
export interface MarketFigures {
  readonly stats: { readonly batches: number; readonly commands: number; readonly largestBatch: number };
  readonly depth: number;
}

const markets = new Map<string, WeakRef<MarketFigures>>();
/** A socket.io server: its engine counts the open sockets. */
interface SocketServer {
  readonly engine: { readonly clientsCount: number };
}

const gateways = new Set<WeakRef<SocketServer>>();

/** Reports a market's sequencer under `name` (a spot pair, "futures") until it is collected. */
export function watchMarket(name: string, figures: MarketFigures): void {
  markets.set(name, new WeakRef(figures));
}

/** Reports a realtime gateway's open sockets until it is collected. */
export function watchSockets(gateway: SocketServer): void {
  gateways.add(new WeakRef(gateway));
}

function eachMarket(read: (name: string, figures: MarketFigures) => void): void {
  for (const [name, ref] of markets) {
    const figures = ref.deref();
    if (figures) read(name, figures);
    else markets.delete(name);
  }
}

/**
 * A per-market figure, read from each watched sequencer when scraped: a counter for what only grows
 * (Prometheus's `_total` convention, so rate() applies), a gauge for what goes up and down.
 */
function marketFigure(kind: 'counter' | 'gauge', name: string, help: string, read: (figures: MarketFigures) => number): void {
  const labelNames = ['market'] as const;
  if (kind === 'counter') {
    new Counter({
      name, help, labelNames, registers: [metrics],
      collect() {
        this.reset();
        eachMarket((market, f) => this.inc({ market }, read(f)));
      },
    });
    return;
  }
  new Gauge({
    name, help, labelNames, registers: [metrics],
    collect() {
      this.reset();
      eachMarket((market, f) => this.set({ market }, read(f)));
    },
  });
}

marketFigure('counter', 'openex_market_commands_total', 'Commands a market has carried through (orders, cancels): rate() is the order rate', (f) => f.stats.commands);
marketFigure('counter', 'openex_market_batches_total', 'Batches a market has run; commands_total / batches_total is the mean batch size', (f) => f.stats.batches);
marketFigure('gauge', 'openex_market_largest_batch', 'The largest batch a market has run', (f) => f.stats.largestBatch);
marketFigure('gauge', 'openex_market_queue_depth', "Commands waiting for a market's next batch", (f) => f.depth);

/** Which entries' leases this process holds (1) or stands by for (0): kernel/cluster/shards/standby.ts. */
export const leaseHeld = new Gauge({
  name: 'openex_lease_held',
  help: 'An entry this process runs (1) or stands by for (0): the server, or a MARKET_PROCESSES entry',
  labelNames: ['entry'] as const,
  registers: [metrics],
});

/** What a holder's command queue did with each batch it read (kernel/cluster/bus/commandQueue.ts). */
export const commandBatches = new Counter({
  name: 'openex_command_batches_total',
  help: "Command batches read from this process's command queues: taken (carried out), expired (past their caller's 2 s bound: dropped unread), claimed (left unfinished by a holder that died, taken over)",
  labelNames: ['outcome'] as const,
  registers: [metrics],
});

/** The pool of identical market processes as this member last counted it (kernel/cluster/shards/entryPool.ts). */
export const poolMembers = new Gauge({
  name: 'openex_pool_members',
  help: 'Market processes in the pool this process belongs to, as it last counted (membership locks)',
  registers: [metrics],
});

new Gauge({
  name: 'openex_sockets_connected',
  help: 'Sockets open on this process',
  registers: [metrics],
  collect() {
    let open = 0;
    for (const ref of gateways) {
      const gateway = ref.deref();
      if (gateway) open += gateway.engine.clientsCount;
      else gateways.delete(ref);
    }
    this.set(open);
  },
});
