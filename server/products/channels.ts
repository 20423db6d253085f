import type { ListedPair } from '../kernel/platform/realtime/channels.js';
import { PRODUCTS } from './index.js';

/** Every product's public channels for a listed pair, for the channel registry of each entry point. */
export function productChannels(pair: ListedPair): string[] {
  return PRODUCTS.flatMap((p) => p.channels?.(pair) ?? []);
}
