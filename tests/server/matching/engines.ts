import { FastEngine } from '../../../server/domain/matching/fast.js';
import { ReferenceEngine } from '../../../server/domain/matching/reference.js';
import type { OrderBookEngine } from '../../../server/domain/matching/types.js';

/** Every engine implementation; each must pass the same tables and agree with the others. */
export const ENGINES: Array<{ name: string; create: () => OrderBookEngine }> = [
  { name: 'reference', create: () => new ReferenceEngine() },
  { name: 'fast', create: () => new FastEngine() },
];
