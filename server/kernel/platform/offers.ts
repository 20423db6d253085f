import type { UserChannelMessage } from '../../../domain/userChannel.js';
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
  channels: {
    snapshot(channel: string): object | undefined | Promise<object | undefined>;
    /**
     * Follows every public push this process's gateway receives (its own and, in the cluster, every
     * owner's), as the sockets see them; answers the unfollow. The Binance streams follow only while
     * a connection is open (in the cluster, a node with no follower and no socket skips the stream).
     */
    follow(listener: (channel: string, payload: object) => void): () => void;
    /**
     * Follows one user's private channel as a socket subscribed to it would (the user counts as
     * listening here, so the feed reads and pushes what changed); answers the unfollow.
     */
    followUser(userId: number, listener: (message: UserChannelMessage) => void): () => void;
  };
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
