/** One stream through both engines, and on failure the shortest failing command list and how to replay it. */

import { FastEngine } from '../../../../server/kernel/exchange/matching/fast.js';
import type { Command, OrderBookEngine } from '../../../../server/kernel/exchange/matching/types.js';
import { Harness, type Coverage } from './harness.js';
import { show } from './rows.js';
import { StreamGenerator } from './streamGenerator.js';

export const COMMANDS_PER_STREAM = 200;
export const DEEP_COMMANDS = 6_000;

/** Replays `commands` from an empty book; the index of the first command that fails, or -1. */
function firstFailure(commands: Command[], makeFast: () => OrderBookEngine): number {
  const harness = new Harness(makeFast());
  for (let i = 0; i < commands.length; i++) if (harness.step(commands[i]!) !== undefined) return i;
  return -1;
}

/** The failing prefix, then, until nothing changes, without each command whose removal keeps it failing. */
function shrink(commands: Command[], makeFast: () => OrderBookEngine): Command[] {
  let current = commands.slice(0, firstFailure(commands, makeFast) + 1);
  for (let before = Number.POSITIVE_INFINITY; current.length < before; ) {
    before = current.length;
    for (let i = current.length - 2; i >= 0; i--) {
      const without = [...current.slice(0, i), ...current.slice(i + 1)];
      const at = firstFailure(without, makeFast);
      if (at >= 0) current = without.slice(0, at + 1);
    }
  }
  return current;
}

export interface StreamFailure {
  seed: number;
  deep: boolean;
  index: number;
  message: string;
  shortest: Command[];
}

export interface StreamShape {
  commands: number;
  /** Deep books: few cancels, a wide band, the full comparison only every `checkEvery` commands. */
  deep: boolean;
  checkEvery: number;
}

export const SHALLOW: StreamShape = { commands: COMMANDS_PER_STREAM, deep: false, checkEvery: 1 };
export const DEEP: StreamShape = { commands: DEEP_COMMANDS, deep: true, checkEvery: 50 };
/** Shrinking replays the prefix once per command; past this length it reports the prefix as is. */
const SHRINK_LIMIT = 400;

export function runStream(seed: number, coverage: Coverage, makeFast: () => OrderBookEngine = () => new FastEngine(), shape = SHALLOW): StreamFailure | undefined {
  const generator = new StreamGenerator(seed, shape.deep);
  const harness = new Harness(makeFast(), coverage);
  const commands: Command[] = [];
  for (let i = 0; i < shape.commands; i++) {
    const command = generator.next(harness.open, harness.reference.bestBid(), harness.reference.bestAsk());
    commands.push(command);
    const message = harness.step(command, i === shape.commands - 1 ? 1 : shape.checkEvery);
    if (message !== undefined) {
      // With sparse checks the fault may lie anywhere since the last full check: find the first
      // failing command by replaying with every check on.
      const prefix = commands.length <= SHRINK_LIMIT ? shrink(commands, makeFast) : commands.slice(0, firstFailure(commands, makeFast) + 1);
      return { seed, deep: shape.deep, index: i, message, shortest: prefix.length > 0 ? prefix : commands };
    }
  }
  return undefined;
}

export function report(f: StreamFailure): string {
  const shown = f.shortest.length <= SHRINK_LIMIT ? f.shortest : f.shortest.slice(-30);
  const replay = `DIFF_SEED=${f.seed}${f.deep ? ' DIFF_DEEP=1' : ''}`;
  return [
    `seed ${f.seed}${f.deep ? ' (deep book)' : ''} failed at command ${f.index}: ${f.message}`,
    `shortest failing command list (${f.shortest.length} commands; the last one fails)${shown === f.shortest ? ':' : `, last ${shown.length}:`}`,
    ...shown.map((c) => `  ${show(c)}`),
    `replay the stream alone: ${replay} npx vitest run tests/server/matching/differential.test.ts`,
  ].join('\n');
}
