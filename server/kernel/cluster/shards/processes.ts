/** MARKET_PROCESSES (README "Settings"), e.g. `m1=BTC_USDT,ETH_USDT;m2=*;f1=futures`: each entry and what it runs. One variable read by every side, so they cannot disagree. */
export type MarketProcesses = ReadonlyMap<string, readonly string[]>;

/** A product's id (`futures`): lowercase letters, no `_`, so never a pair symbol. */
const PRODUCT = /^[a-z]+$/;
const NAME = /^[a-z0-9_-]{1,32}$/;
const PRODUCT_MARKET = 'product:';
const SYMBOL = /^[A-Z0-9]{1,12}_[A-Z0-9]{1,12}$/;
/** An entry's "every spot pair no other entry names". */
const EVERY_OTHER_PAIR = '*';
export function parseMarketProcesses(value: string | undefined): MarketProcesses {
  const processes = new Map<string, string[]>();
  if (!value?.trim()) return processes;
  const seen = new Set<string>();
  for (const entry of value.split(';').map((e) => e.trim()).filter(Boolean)) {
    const [name = '', list = ''] = entry.split('=').map((part) => part.trim());
    if (!NAME.test(name)) throw new Error(`MARKET_PROCESSES: a process name is 1–32 of a–z, 0–9, _ and -, got "${name}"`);
    if (processes.has(name)) throw new Error(`MARKET_PROCESSES: the process ${name} is named twice`);
    const entries = list.split(',').map((s) => s.trim()).filter(Boolean).map((s) => (PRODUCT.test(s) || s === EVERY_OTHER_PAIR ? s : s.toUpperCase()));
    if (entries.length === 0) throw new Error(`MARKET_PROCESSES: the process ${name} runs no market (write ${name}=BTC_USDT,ETH_USDT)`);
    for (const entry of entries) {
      if (!PRODUCT.test(entry) && !SYMBOL.test(entry) && entry !== EVERY_OTHER_PAIR) throw new Error(`MARKET_PROCESSES: "${entry}" is not a pair symbol like BTC_USDT, * or a product like futures`);
      if (seen.has(entry)) throw new Error(`MARKET_PROCESSES: ${entry} is given to two processes; a market or product runs in one process only`);
      seen.add(entry);
    }
    processes.set(name, entries);
  }
  return processes;
}

/** The entry that runs `symbol` (a spot market) or a product (`product:futures`); undefined: none (a single server runs it). */
export function processOf(processes: MarketProcesses, symbol: string): string | undefined {
  const product = symbol.startsWith(PRODUCT_MARKET);
  const entry = product ? symbol.slice(PRODUCT_MARKET.length) : symbol;
  for (const [name, entries] of processes) if (entries.includes(entry)) return name;
  if (product) return undefined;
  for (const [name, entries] of processes) if (entries.includes(EVERY_OTHER_PAIR)) return name;
  return undefined;
}

/** Whether entry `name` runs spot markets (names one, or every other pair). */
export const runsSpot = (processes: MarketProcesses, name: string): boolean => (processes.get(name) ?? []).some((e) => !PRODUCT.test(e));
/** The spot markets an entry names (not those it runs as every other pair's entry). */
export const marketsOf = (processes: MarketProcesses, name: string): string[] => (processes.get(name) ?? []).filter((e) => SYMBOL.test(e));
/** The products a process's entry names. */
export const productsOf = (processes: MarketProcesses, name: string): string[] => (processes.get(name) ?? []).filter((e) => PRODUCT.test(e));

/** The products given to entries of their own, or, with `process`, that entry's; one unable to run apart refuses the start. */
// Typed by what it reads, not by ServerConfig and ServerProduct: the config parses MARKET_PROCESSES here, so naming them would tie the files in a circle.
export function productsApartOf<P extends { id: string; apart?: unknown }>(config: { marketProcesses?: MarketProcesses }, products: readonly P[], process?: string): P[] {
  const processes = config.marketProcesses ?? new Map<string, string[]>();
  const ids = process ? productsOf(processes, process) : [...processes.keys()].flatMap((name) => productsOf(processes, name));
  return ids.map((id) => {
    const product = products.find((p) => p.id === id);
    if (!product?.apart) {
      const able = products.filter((p) => p.apart).map((p) => p.id);
      throw new Error(`MARKET_PROCESSES: "${id}" is not a product that can run in a process of its own (${able.join(', ') || 'none'})`);
    }
    return product;
  });
}

/** What a product's calls travel as on the bus: a command for this "market" (productCalls.ts). */
export const productMarket = (id: string) => `${PRODUCT_MARKET}${id}`;

/** A node's entries: MARKET_PROCESSES plus `spot=*` and `<product>=<product>` for what it leaves out, so everything with memory or a timer is leased. */
export function withDefaultEntries(processes: MarketProcesses, apartProducts: readonly string[]): MarketProcesses {
  const all = new Map(processes);
  const named = new Set([...processes.values()].flat());
  const add = (name: string, entry: string) => {
    if (named.has(entry)) return;
    if (all.has(name)) throw new Error(`MARKET_PROCESSES: the entry ${name} is needed for ${entry}, which no entry names; name ${entry} in an entry, or the entry otherwise`);
    all.set(name, [entry]);
  };
  add('spot', EVERY_OTHER_PAIR);
  for (const id of apartProducts) add(id, id);
  return all;
}
