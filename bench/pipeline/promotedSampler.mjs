// Preloaded into the server under bench:pipeline to find what its major collections collect:
//
//   SERVER_NODE_ARGS="--import ./bench/pipeline/promotedSampler.mjs" \
//   PROMOTED_FROM_S=40 PROMOTED_TO_S=100 PROMOTED_FILE=/tmp/promoted.heapprofile npm run -s bench:pipeline
//
// V8's sampling heap profiler, from PROMOTED_FROM_S to PROMOTED_TO_S seconds after the server
// starts, keeping the samples of objects a major collection freed and dropping those a minor one
// did: what it writes is, by allocation site, the objects that outlived two scavenges and died in
// the old generation (the inflow that sets how often a major collection pauses the loop, issue 55
// §3), plus whatever is alive at the end — and, read with care, whatever sat in the young
// generation when a major collection ran: a full collection frees the young generation's dead too,
// and V8 counts them as the major collection's. A site that allocates much short-lived garbage
// shows there in proportion to its allocation, whether or not any of it is promoted (the spot
// trade booking did, 2026-12-04, with a lifetime of 3 ms at p50 against ~100 ms between
// scavenges); `--trace-gc`'s growth of the heap between scavenges is the total to trust.
// Summarise with `npx tsx bench/pipeline/promotedSummary.ts FILE`. Plain JavaScript, so that
// `--import` needs no loader.
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { setTimeout } from 'node:timers';
import { isMainThread } from 'node:worker_threads';

const from = Number(process.env.PROMOTED_FROM_S ?? 40) * 1000;
const to = Number(process.env.PROMOTED_TO_S ?? 100) * 1000;
// PROMOTED_ALL=1 keeps the minor collections' samples too: every allocation, not the old generation's inflow.
const everything = process.env.PROMOTED_ALL === '1';
const file = process.env.PROMOTED_FILE ?? `/tmp/promoted-${process.pid}.heapprofile`;
// Worker threads inherit the server's --import; only the main thread's heap is the one measured.
if (isMainThread) sample();

function sample() {
  const session = new Session();
  session.connect();

  setTimeout(async () => {
    await session.post('HeapProfiler.enable');
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 16_384,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: everything,
    });
    console.error(`promotedSampler: sampling for ${(to - from) / 1000} s`);
    setTimeout(async () => {
      const { profile } = await session.post('HeapProfiler.stopSampling');
      writeFileSync(file, JSON.stringify({ ...profile, seconds: (to - from) / 1000, everything }));
      console.error(`promotedSampler: wrote ${file}`);
    }, to - from).unref();
  }, from).unref();
}
