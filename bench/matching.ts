/**
 * Matching-engine benchmark: `npm run bench:matching`. See bench/README.md for what it measures.
 * The last line printed is `ratio: R` (our ops/s ÷ the package's), for scripts to read.
 */
import { createRequire } from 'node:module';
import { FastEngine } from '../server/kernel/exchange/matching/fast.js';
import { ReferenceEngine } from '../server/kernel/exchange/matching/reference.js';
import type { CancelReason, Command, EventSink, OrderBookEngine, RejectReason, Side } from '../server/kernel/exchange/matching/types.js';
import { applyPackageOp, newPackageBook, PACKAGE_NAME, toPackageOps, type PackageOp } from './orderBookPackage.js';
import { generateDeepStream, generateStream, type DeepStream } from './stream.js';

const OPERATIONS = 1_000_000;
const SEED = 0x0b00c;
const WARMUP_OPERATIONS = 100_000;
const WARMUP_SEED = 0x0c0de;
const REFERENCE_PREFIX = 20_000;
/** Throughput passes per implementation, interleaved; the median is reported. */
const PASSES = 3;
/** Time one operation in this many (a power of two) for the latency percentiles. */
const SAMPLE_EVERY = 16;
/** Crossing orders and market orders are smaller than resting ones, which keeps the book from draining. */
const TAKER_MAX_QUANTITY = 36;
/** Deep book: resting orders placed (untimed) before the timed stream, and timed operations on it. */
const DEEP_PREFILL = 450_000;
const DEEP_OPERATIONS = 500_000;
const DEEP_SEED = 0xdee9;
/** The package's deep-book pass stops after this long; its ops/s is then over the prefix it got through. */
const DEEP_PACKAGE_BUDGET_SECONDS = 10;

interface Run {
  seconds: number;
  /** Process CPU time (user + system) over the same span: what the run cost when others share the machine. */
  cpuSeconds: number;
  trades: number;
}

const cpuSince = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
};

/**
 * What the bench does with our engine's events: it counts the trades, as `applyPackageOp` counts
 * the package's, and ignores the rest. It takes them as calls (`OrderBookEngine.apply`), the way a
 * caller that keeps only part of what happens would; the market pipelines keep every event and
 * pay for an object each (`EventList`, which is what `execute` uses).
 */
class TradeCounter implements EventSink {
  trades = 0;
  accepted(_orderId: number, _accountId: number, _side: Side, _price: number, _quantity: number): void {}
  trade(_makerOrderId: number, _makerAccountId: number, _takerOrderId: number, _takerAccountId: number, _takerSide: Side, _price: number, _quantity: number, _makerDone: boolean): void {
    this.trades += 1;
  }
  cancelled(_orderId: number, _accountId: number, _remaining: number, _reason: CancelReason): void {}
  rejected(_orderId: number, _accountId: number, _reason: RejectReason): void {}
}

function throughputOurs(engine: OrderBookEngine, commands: readonly Command[], count: number): Run {
  const counter = new TradeCounter();
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  for (let i = 0; i < count; i++) engine.apply(commands[i]!, counter);
  return { seconds: Number(process.hrtime.bigint() - start) / 1e9, cpuSeconds: cpuSince(cpu), trades: counter.trades };
}

function latencyOurs(engine: OrderBookEngine, commands: readonly Command[], samples: Float64Array): void {
  const counter = new TradeCounter();
  for (let i = 0; i < commands.length; i++) {
    if ((i & (SAMPLE_EVERY - 1)) === 0) {
      const start = process.hrtime.bigint();
      engine.apply(commands[i]!, counter);
      samples[i / SAMPLE_EVERY] = Number(process.hrtime.bigint() - start);
    } else engine.apply(commands[i]!, counter);
  }
}

type PackageBook = ReturnType<typeof newPackageBook>;

function throughputPackage(book: PackageBook, ops: readonly PackageOp[]): Run {
  let trades = 0;
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  for (let i = 0; i < ops.length; i++) trades += applyPackageOp(book, ops[i]!);
  return { seconds: Number(process.hrtime.bigint() - start) / 1e9, cpuSeconds: cpuSince(cpu), trades };
}

/** Like throughputPackage, but stops once `budgetSeconds` have passed (checked every 1,024 ops). */
function boundedPackage(book: PackageBook, ops: readonly PackageOp[], budgetSeconds: number): Run & { operations: number } {
  let trades = 0;
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  const budget = BigInt(Math.round(budgetSeconds * 1e9));
  let i = 0;
  for (; i < ops.length; i++) {
    trades += applyPackageOp(book, ops[i]!);
    if ((i & 1023) === 1023 && process.hrtime.bigint() - start > budget) {
      i += 1;
      break;
    }
  }
  return { seconds: Number(process.hrtime.bigint() - start) / 1e9, cpuSeconds: cpuSince(cpu), trades, operations: i };
}

function latencyPackage(book: PackageBook, ops: readonly PackageOp[], samples: Float64Array): void {
  for (let i = 0; i < ops.length; i++) {
    if ((i & (SAMPLE_EVERY - 1)) === 0) {
      const start = process.hrtime.bigint();
      applyPackageOp(book, ops[i]!);
      samples[i / SAMPLE_EVERY] = Number(process.hrtime.bigint() - start);
    } else applyPackageOp(book, ops[i]!);
  }
}

function median(runs: Run[]): Run {
  const sorted = [...runs].sort((a, b) => a.seconds - b.seconds);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * (sorted.length - 1)))]!;
}

function timerOverheadNs(): number {
  const samples = new Float64Array(100_000);
  for (let i = 0; i < samples.length; i++) {
    const start = process.hrtime.bigint();
    samples[i] = Number(process.hrtime.bigint() - start);
  }
  return percentile(samples.sort(), 0.5);
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const micros = (ns: number) => `${fmt(ns / 1000, 2)} µs`;
const pct = (part: number, whole: number) => `${fmt((100 * part) / whole, 1)}%`;

function line(name: string, opsPerSecond: number, samples: Float64Array | undefined, trades: number, cpuOpsPerSecond?: number): string {
  const cpu = cpuOpsPerSecond === undefined ? '' : `   (${fmt(cpuOpsPerSecond)} per CPU-second)`;
  const latency = samples === undefined ? '' : `   p50 ${micros(percentile(samples, 0.5)).padStart(9)}   p99 ${micros(percentile(samples, 0.99)).padStart(9)}`;
  return `${name.padEnd(34)} ${fmt(opsPerSecond).padStart(11)} ops/s${latency}   trades ${fmt(trades)}${cpu}`;
}

function packageVersion(): string {
  const require = createRequire(import.meta.url);
  return (require(`${PACKAGE_NAME}/package.json`) as { version: string }).version;
}

function main(): void {
  const generationStart = performance.now();
  const stream = generateStream({ seed: SEED, operations: OPERATIONS, takerMaxQuantity: TAKER_MAX_QUANTITY });
  const warmup = generateStream({ seed: WARMUP_SEED, operations: WARMUP_OPERATIONS, takerMaxQuantity: TAKER_MAX_QUANTITY });
  const packageOps = toPackageOps(stream.commands);
  const packageWarmup = toPackageOps(warmup.commands);
  const generationSeconds = (performance.now() - generationStart) / 1000;
  const s = stream.stats;

  console.log(`matching benchmark: ${fmt(OPERATIONS)} operations on one pair, seed ${SEED}, node ${process.version}`);
  console.log(
    `stream: ${fmt(s.limits)} limit (${pct(s.limitsCrossingOnArrival, s.limits)} crossing on arrival; GTC 85% / IOC 7% / FOK 4% / POST_ONLY 4%), ` +
      `${fmt(s.markets)} market (${pct(s.markets, OPERATIONS)}), ${fmt(s.cancels)} cancels of live orders (${pct(s.cancels, OPERATIONS)})`,
  );
  console.log(
    `book: up to ${fmt(s.maxResting)} resting orders, ${fmt(s.restingAtEnd)} at the end on ${s.levelsAtEnd.bids}+${s.levelsAtEnd.asks} levels; ` +
      `prices ${s.priceRange[0]}–${s.priceRange[1]} ticks; pre-generated in ${fmt(generationSeconds, 1)} s (not timed)`,
  );
  console.log(
    `ops/s: median of ${PASSES} passes each (interleaved, fresh book each), wall clock, and in brackets per second of the ` +
      `process's CPU time (user + system, less sensitive to other work on a shared machine); latency: one op in ${SAMPLE_EVERY} timed with ` +
      `process.hrtime.bigint() in a separate pass; timer overhead ~${fmt(timerOverheadNs())} ns (included)`,
  );

  // Warm up both implementations on another stream, through the same functions that are timed.
  const warmupSamples = new Float64Array(Math.ceil(WARMUP_OPERATIONS / SAMPLE_EVERY));
  throughputOurs(new FastEngine(), warmup.commands, warmup.commands.length);
  latencyOurs(new FastEngine(), warmup.commands, warmupSamples);
  throughputPackage(newPackageBook(), packageWarmup);
  latencyPackage(newPackageBook(), packageWarmup, warmupSamples);

  // Throughput: each pass on a fresh book over the whole stream, ours then theirs, interleaved so
  // that noise from the rest of the machine falls on both; the median pass is reported.
  const ourRuns: Run[] = [];
  const theirRuns: Run[] = [];
  for (let pass = 0; pass < PASSES; pass++) {
    ourRuns.push(throughputOurs(new FastEngine(), stream.commands, stream.commands.length));
    theirRuns.push(throughputPackage(newPackageBook(), packageOps));
  }
  const ours = median(ourRuns);
  const theirs = median(theirRuns);

  const samples = Math.ceil(OPERATIONS / SAMPLE_EVERY);
  const ourSamples = new Float64Array(samples);
  latencyOurs(new FastEngine(), stream.commands, ourSamples);
  ourSamples.sort();
  const theirSamples = new Float64Array(samples);
  latencyPackage(newPackageBook(), packageOps, theirSamples);
  theirSamples.sort();

  const reference = throughputOurs(new ReferenceEngine(), stream.commands, REFERENCE_PREFIX);

  const ourRate = OPERATIONS / ours.seconds;
  const theirRate = OPERATIONS / theirs.seconds;
  console.log('');
  console.log(line('FastEngine (ours)', ourRate, ourSamples, ours.trades, OPERATIONS / ours.cpuSeconds));
  console.log(line(`${PACKAGE_NAME} ${packageVersion()}`, theirRate, theirSamples, theirs.trades, OPERATIONS / theirs.cpuSeconds));
  console.log(line(`ReferenceEngine (first ${fmt(REFERENCE_PREFIX)} ops)`, REFERENCE_PREFIX / reference.seconds, undefined, reference.trades));
  console.log('');
  if (ours.trades !== s.trades) throw new Error(`FastEngine made ${ours.trades} trades in the timed run but ${s.trades} while generating`);
  if (ours.trades === theirs.trades) {
    console.log(`trades: both made ${fmt(ours.trades)} (a trade = one maker order filled, fully or partly, by one taker)`);
  } else {
    const gap = Math.abs(ours.trades - theirs.trades);
    console.log(
      `trades: they differ by ${fmt(gap)} (${pct(gap, ours.trades)}). A trade is one maker order filled by one taker in both counts; ` +
        `the semantics differ on FOK + self-trade prevention: the package checks a FOK against the whole opposite volume up to ` +
        `its limit and applies self-trade prevention only while matching (expiring the taker's own resting order, or stopping ` +
        `the FOK part-filled), where ours counts self-trade prevention in the FOK check and rejects such a FOK with the book ` +
        `untouched. After the first such order the two books differ slightly, and so do later fills.`,
    );
  }
  const deepRatio = deepBook();
  console.log('');
  console.log(`deep book ratio: ${deepRatio}`);
  console.log(`ratio: ${(ourRate / theirRate).toFixed(2)}`);
}

/** Fills a fresh book with the deep stream's prefill (untimed). */
function prefilledOurs(deep: DeepStream): FastEngine {
  const engine = new FastEngine();
  throughputOurs(engine, deep.prefill, deep.prefill.length);
  return engine;
}

function prefilledPackage(prefill: readonly PackageOp[]): PackageBook {
  const book = newPackageBook();
  throughputPackage(book, prefill);
  return book;
}

/** The deep-book scenario; returns our ops/s ÷ the package's as text. */
function deepBook(): string {
  const generationStart = performance.now();
  const deep = generateDeepStream({ seed: DEEP_SEED, prefill: DEEP_PREFILL, operations: DEEP_OPERATIONS });
  const packagePrefill = toPackageOps(deep.prefill);
  const packageOps = toPackageOps(deep.commands);
  const generationSeconds = (performance.now() - generationStart) / 1000;
  const s = deep.stats;
  const takers = s.crossing + s.markets;
  console.log('');
  console.log(`deep book: ${fmt(DEEP_PREFILL)} resting orders placed first (untimed), then ${fmt(DEEP_OPERATIONS)} timed operations, seed ${DEEP_SEED}`);
  console.log(
    `stream: ${fmt(s.passive)} passive limit (${pct(s.passive, DEEP_OPERATIONS)}; ${pct(s.passiveNearTouch, s.passive)} within 4 ticks of the mid, the rest anywhere ` +
      `in ±1,950 ticks), ${fmt(s.cancels)} cancels by id (${pct(s.cancels, DEEP_OPERATIONS)}; ${pct(s.cancelsDeep, s.cancels)} more than 10 ticks from the best, ` +
      `${fmt(s.cancelsEmptyingLevel)} emptying a level), ${fmt(takers)} crossing limit + market (${pct(takers, DEEP_OPERATIONS)}; ` +
      `${fmt(s.levelsSweptMean, 2)} levels swept on average, at most ${s.levelsSweptMax})`,
  );
  console.log(
    `book: ${fmt(s.restingAfterPrefill)} resting orders on ${fmt(s.levelsAfterPrefill.bids)}+${fmt(s.levelsAfterPrefill.asks)} levels after the prefill, ` +
      `${fmt(s.minResting)}–${fmt(s.maxResting)} during the stream, ${fmt(s.restingAtEnd)} on ${fmt(s.levelsAtEnd.bids)}+${fmt(s.levelsAtEnd.asks)} levels at the end; ` +
      `prices ${s.priceRange[0]}–${s.priceRange[1]} ticks; pre-generated in ${fmt(generationSeconds, 1)} s (not timed)`,
  );

  // Warm-up on the same kind of book, then the median of the passes, each on a freshly prefilled book.
  throughputOurs(prefilledOurs(deep), deep.commands, Math.min(deep.commands.length, WARMUP_OPERATIONS));
  const ourRuns: Run[] = [];
  for (let pass = 0; pass < PASSES; pass++) ourRuns.push(throughputOurs(prefilledOurs(deep), deep.commands, deep.commands.length));
  const ours = median(ourRuns);
  const samples = new Float64Array(Math.ceil(DEEP_OPERATIONS / SAMPLE_EVERY));
  latencyOurs(prefilledOurs(deep), deep.commands, samples);
  samples.sort();
  if (ours.trades !== s.trades) throw new Error(`FastEngine made ${ours.trades} trades on the deep book but ${s.trades} while generating`);
  const ourRate = DEEP_OPERATIONS / ours.seconds;

  // The package: one pass, bounded in time (its per-level cancel is linear in the level's size).
  const prefillStart = performance.now();
  const book = prefilledPackage(packagePrefill);
  const prefillSeconds = (performance.now() - prefillStart) / 1000;
  const theirs = boundedPackage(book, packageOps, DEEP_PACKAGE_BUDGET_SECONDS);
  const theirRate = theirs.operations / theirs.seconds;
  const bounded = theirs.operations < packageOps.length;

  console.log('');
  console.log(line('FastEngine (ours), deep book', ourRate, samples, ours.trades, DEEP_OPERATIONS / ours.cpuSeconds));
  console.log(
    line(`${PACKAGE_NAME}, deep book${bounded ? ' (bounded)' : ''}`, theirRate, undefined, theirs.trades, theirs.operations / theirs.cpuSeconds) +
      `   (one pass${bounded ? ` over the first ${fmt(theirs.operations)} ops, stopped after ${DEEP_PACKAGE_BUDGET_SECONDS} s` : ''}; its prefill took ${fmt(prefillSeconds, 1)} s)`,
  );
  return (ourRate / theirRate).toFixed(2);
}

main();
