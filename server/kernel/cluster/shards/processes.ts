/**
 * The market processes of a scaled-out exchange (docs/ARCHITECTURE.md "Scale-out: market
 * processes"): MARKET_PROCESSES names each one and what it runs — spot markets (`BTC_USDT`) and
 * whole products that can run apart from the server (`futures`, lowercase; "… product processes"),
 * for example `m1=BTC_USDT,ETH_USDT;m2=SOL_USDT;f1=futures`. The server runs every other market and
 * product itself and reaches these through the bus; a market process (MARKET_PROCESS=m1) runs what
 * its entry names. One variable read by every side, so they cannot disagree about who runs what.
 */
export type MarketProcesses = ReadonlyMap<string, readonly string[]>;

/** A product's id (`futures`): lowercase letters, no `_`, so never a pair symbol. */
const PRODUCT = /^[a-z]+$/;

const NAME = /^[a-z0-9_-]{1,32}$/;
const SYMBOL = /^[A-Z0-9]{1,12}_[A-Z0-9]{1,12}$/;

export function parseMarketProcesses(value: string | undefined): MarketProcesses {
  const processes = new Map<string, string[]>();
  if (!value?.trim()) return processes;
  const seen = new Set<string>();
  for (const entry of value.split(';').map((e) => e.trim()).filter(Boolean)) {
    const [name = '', list = ''] = entry.split('=').map((part) => part.trim());
    if (!NAME.test(name)) throw new Error(`MARKET_PROCESSES: a process name is 1–32 of a–z, 0–9, _ and -, got "${name}"`);
    if (name === SERVER) throw new Error(`MARKET_PROCESSES: "${SERVER}" is the server's own name (HTTP fronts send it the orders of the markets it runs); name the process otherwise`);
    if (processes.has(name)) throw new Error(`MARKET_PROCESSES: the process ${name} is named twice`);
    const entries = list
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => (PRODUCT.test(s) ? s : s.toUpperCase()));
    if (entries.length === 0) throw new Error(`MARKET_PROCESSES: the process ${name} runs no market (write ${name}=BTC_USDT,ETH_USDT)`);
    for (const entry of entries) {
      if (!PRODUCT.test(entry) && !SYMBOL.test(entry)) throw new Error(`MARKET_PROCESSES: "${entry}" is not a pair symbol like BTC_USDT or a product like futures`);
      if (seen.has(entry)) throw new Error(`MARKET_PROCESSES: ${entry} is given to two processes; a market or product runs in one process only`);
      seen.add(entry);
    }
    processes.set(name, entries);
  }
  return processes;
}

/** The process that runs `symbol` (a spot market) or a product (`futures`), if one of them does (else the server runs it). */
export function processOf(processes: MarketProcesses, symbol: string): string | undefined {
  const entry = symbol.startsWith(PRODUCT_MARKET) ? symbol.slice(PRODUCT_MARKET.length) : symbol;
  for (const [name, entries] of processes) if (entries.includes(entry)) return name;
  return undefined;
}

/** The spot markets a process's entry names. */
export const marketsOf = (processes: MarketProcesses, name: string): string[] => (processes.get(name) ?? []).filter((e) => !PRODUCT.test(e));

/** The products a process's entry names. */
export const productsOf = (processes: MarketProcesses, name: string): string[] => (processes.get(name) ?? []).filter((e) => PRODUCT.test(e));

/** Every product some process runs (the server runs none of these). */
export const productsApart = (processes: MarketProcesses): string[] => [...processes.keys()].flatMap((name) => productsOf(processes, name));

/** What a product's calls travel as on the bus: a command for this "market" (kernel/cluster/shards/productCalls.ts). */
export const productMarket = (id: string) => `${PRODUCT_MARKET}${id}`;
const PRODUCT_MARKET = 'product:';

/**
 * What an HTTP front calls the server when it sends it the orders of the markets it runs itself
 * (docs/ARCHITECTURE.md "Scale-out: HTTP fronts"), and the entry it beats under in the owners hash;
 * its command queue is the one directly under the exchange's prefix.
 */
export const SERVER = 'server';
