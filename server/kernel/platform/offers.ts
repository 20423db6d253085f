/**
 * Use cases one product offers to others without their importing it. The Binance dialect
 * (server/products/binance) answers with spot's and futures' own trading and the API keys'
 * signature check: each offering product widens `OfferedServices` by declaration merging (as
 * products widen the message catalogue) and calls `offer` in its `create`; a user reads it per
 * request with `use`, so the order in which products are created does not matter.
 */
export interface OfferedServices {
  /**
   * The newest snapshot of a public realtime channel (depth, trades, tick, candle), whichever product
   * or process owns it; offered by the composition root (in the cluster, another owner's is read
   * from Redis: a Promise).
   */
  channels: { snapshot(channel: string): object | undefined | Promise<object | undefined> };
}

export interface Offers {
  offer<K extends keyof OfferedServices>(name: K, service: OfferedServices[K]): void;
  use<K extends keyof OfferedServices>(name: K): OfferedServices[K] | undefined;
}

export function createOffers(): Offers {
  const offered = new Map<keyof OfferedServices, unknown>();
  return {
    offer: (name, service) => void offered.set(name, service),
    use: (name) => offered.get(name) as never,
  };
}
