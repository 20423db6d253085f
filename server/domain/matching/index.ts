import { ReferenceEngine } from './reference.js';
import type { OrderBookEngine } from './types.js';

/** The engine the markets run on. */
export function createEngine(): OrderBookEngine {
  return new ReferenceEngine();
}
