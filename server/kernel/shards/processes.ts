/**
 * The market processes of a scaled-out exchange (docs/ARCHITECTURE.md "Scale-out: market
 * processes"): MARKET_PROCESSES names each one and the spot markets it runs, for example
 * `m1=BTC_USDT,ETH_USDT;m2=SOL_USDT`. The server runs every other market itself and reaches these
 * through the bus; a market process (MARKET_PROCESS=m1) runs the markets its entry names. One
 * variable read by both sides, so they cannot disagree about who runs what.
 */
export type MarketProcesses = ReadonlyMap<string, readonly string[]>;

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
    const symbols = list.split(',').map((s) => s.trim().toUpperCase()).filter(Boolean);
    if (symbols.length === 0) throw new Error(`MARKET_PROCESSES: the process ${name} runs no market (write ${name}=BTC_USDT,ETH_USDT)`);
    for (const symbol of symbols) {
      if (!SYMBOL.test(symbol)) throw new Error(`MARKET_PROCESSES: "${symbol}" is not a pair symbol like BTC_USDT`);
      if (seen.has(symbol)) throw new Error(`MARKET_PROCESSES: ${symbol} is given to two processes; a market runs in one process only`);
      seen.add(symbol);
    }
    processes.set(name, symbols);
  }
  return processes;
}

/** The process that runs `symbol`, if one of them does (else the server runs it). */
export function processOf(processes: MarketProcesses, symbol: string): string | undefined {
  for (const [name, symbols] of processes) if (symbols.includes(symbol)) return name;
  return undefined;
}

/** A market process's own bus, under the exchange's (REALTIME_BUS_PREFIX). */
export const processBusPrefix = (prefix: string, name: string) => `${prefix}:process:${name}`;

/**
 * What an HTTP front calls the server when it sends it the orders of the markets it runs itself
 * (docs/ARCHITECTURE.md "Scale-out: HTTP fronts"); its bus is the exchange's own prefix.
 */
export const SERVER = 'server';

/** The bus a process of MARKET_PROCESSES, or the server, publishes on and takes commands from. */
export const busPrefixOf = (prefix: string, name: string) => (name === SERVER ? prefix : processBusPrefix(prefix, name));
