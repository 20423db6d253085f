import { FastEngine } from './fast.js';
import type { OrderBookEngine } from './types.js';

/** The engine the markets run on: the fast one (the reference engine states the rules it must match). */
export function createEngine(): OrderBookEngine {
  return new FastEngine();
}
