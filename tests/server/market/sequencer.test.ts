import { describe, expect, it } from 'vitest';
import { Sequencer, type Pipeline, type Staged } from '../../../server/kernel/exchange/sequencer.js';

/**
 * The pipelined sequencer with a scripted pipeline: batch N+1 is recorded and matched while batch N
 * settles, settlements never overlap and keep the order, a failed settlement fails the batch that
 * was started behind it and rebuilds before anything else, and exclusive work waits for the
 * settlement in flight.
 */
const tick = () => new Promise((resolve) => setImmediate(resolve));

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A pipeline whose stages log what they do and whose settlements the test releases by hand. */
function scripted() {
  const log: string[] = [];
  const settlements: Array<ReturnType<typeof deferred>> = [];
  let failNextSettlement = false;
  let sequencer!: Sequencer<string, string>;
  const pipeline: Pipeline<string, string> = {
    run: async (batch) => {
      log.push(`run ${batch.join('+')}`);
      return batch.map((c) => `${c} done`);
    },
    start: async (batch): Promise<Staged<string>> => {
      log.push(`start ${batch.join('+')}`);
      const gate = deferred();
      settlements.push(gate);
      const fails = failNextSettlement;
      failNextSettlement = false;
      return {
        finish: async () => {
          log.push(`settle ${batch.join('+')}`);
          await gate.promise;
          log.push(`settled ${batch.join('+')}`);
          if (fails) {
            sequencer.stale = true;
            return batch.map((c) => `${c} failed`);
          }
          return batch.map((c) => `${c} done`);
        },
      };
    },
    rebuild: async () => {
      log.push('rebuild');
    },
  };
  sequencer = new Sequencer(pipeline);
  return { sequencer, log, settlements, failSettlement: () => (failNextSettlement = true) };
}

describe('pipelined sequencer', () => {
  it('records and matches the next batch while the previous one settles; settlements keep their order', async () => {
    const { sequencer, log, settlements } = scripted();
    const first = sequencer.submit('a');
    await tick();
    expect(log).toEqual(['start a', 'settle a']);
    // Queued while "a" settles: started at once, settled only after "a".
    const second = sequencer.submit('b');
    const third = sequencer.submit('c');
    await tick();
    await tick();
    expect(log).toEqual(['start a', 'settle a', 'start b+c']);
    settlements[0]!.resolve();
    expect(await first).toBe('a done');
    await tick();
    expect(log.slice(3)).toEqual(['settled a', 'settle b+c']);
    settlements[1]!.resolve();
    expect(await Promise.all([second, third])).toEqual(['b done', 'c done']);
    expect(sequencer.stats).toMatchObject({ batches: 2, commands: 3, largestBatch: 2 });
  });

  it('a failed settlement: the batch started behind it fails too, the market is rebuilt, then callers hear', async () => {
    const { sequencer, log, settlements, failSettlement } = scripted();
    failSettlement();
    const first = sequencer.submit('a');
    await tick();
    const second = sequencer.submit('b');
    await tick();
    await tick();
    expect(log).toEqual(['start a', 'settle a', 'start b']);
    let heard = false;
    void first.then(() => (heard = true));
    settlements[0]!.resolve();
    await expect(second).rejects.toThrow(/previous batch failed to settle/);
    // "b" was never settled on the book the failure left; the rebuild came before either answer.
    expect(log).toEqual(['start a', 'settle a', 'start b', 'settled a', 'rebuild']);
    expect(await first).toBe('a failed');
    expect(heard).toBe(true);
    // And the market carries on.
    const third = sequencer.submit('c');
    await tick();
    settlements[2]!.resolve();
    expect(await third).toBe('c done');
  });

  it('settles the next batch once the previous one has committed, while that one still waits for the disk', async () => {
    // Each settlement: commit (a gate), tell the sequencer, then wait for its durability (a second gate).
    const log: string[] = [];
    const commits: Array<ReturnType<typeof deferred>> = [];
    const disks: Array<ReturnType<typeof deferred>> = [];
    const sequencer: Sequencer<string, string> = new Sequencer<string, string>({
      run: async (batch) => batch.map((c) => `${c} done`),
      start: async (batch) => {
        const commit = deferred();
        const disk = deferred();
        commits.push(commit);
        disks.push(disk);
        return {
          finish: async (committed) => {
            log.push(`settle ${batch.join('+')}`);
            await commit.promise;
            committed();
            await disk.promise;
            log.push(`durable ${batch.join('+')}`);
            return batch.map((c) => `${c} done`);
          },
        };
      },
      rebuild: async () => void log.push('rebuild'),
    });
    const answers: string[] = [];
    const first = sequencer.submit('a').then((r) => void answers.push(r));
    await tick();
    const second = sequencer.submit('b').then((r) => void answers.push(r));
    await tick();
    await tick();
    expect(log).toEqual(['settle a']);
    commits[0]!.resolve();
    await tick();
    await tick();
    // "a" committed but is not on disk yet: "b" settles meanwhile; nobody has been answered.
    expect(log).toEqual(['settle a', 'settle b']);
    expect(answers).toEqual([]);
    const idle = sequencer.idle().then(() => void log.push('idle'));
    commits[1]!.resolve();
    disks[1]!.resolve();
    await tick();
    expect(answers).toEqual(['b done']); // its own disk wait is over; "a"'s is not
    expect(log).not.toContain('idle'); // exclusive work waits for every answer
    disks[0]!.resolve();
    await Promise.all([first, second, idle]);
    expect(answers).toEqual(['b done', 'a done']);
    expect(log.at(-1)).toBe('idle');
  });

  it('a durability wait that fails after the next batch began settling: both finish, then the market is rebuilt', async () => {
    const log: string[] = [];
    const disks: Array<ReturnType<typeof deferred>> = [];
    const sequencer: Sequencer<string, string> = new Sequencer<string, string>({
      run: async (batch) => batch.map((c) => `${c} done`),
      start: async (batch) => {
        const disk = deferred();
        disks.push(disk);
        return {
          finish: async (committed) => {
            log.push(`settle ${batch.join('+')}`);
            committed();
            try {
              await disk.promise;
            } catch {
              sequencer.stale = true;
              return batch.map((c) => `${c} failed`);
            }
            return batch.map((c) => `${c} done`);
          },
        };
      },
      rebuild: async () => void log.push('rebuild'),
    });
    const first = sequencer.submit('a');
    await tick();
    const second = sequencer.submit('b');
    await tick();
    await tick();
    expect(log).toEqual(['settle a', 'settle b']);
    disks[0]!.reject(new Error('disk'));
    const third = sequencer.submit('c');
    await tick();
    await tick();
    // "c" waits: the market is stale, and the rebuild waits for "b", still in flight.
    expect(log).toEqual(['settle a', 'settle b']);
    disks[1]!.resolve();
    expect(await first).toBe('a failed');
    expect(await second).toBe('b done');
    await tick();
    disks[2]?.resolve();
    expect(await third).toBe('c done');
    expect(log).toEqual(['settle a', 'settle b', 'rebuild', 'settle c']);
  });

  it('exclusive work waits for the settlement in flight', async () => {
    const { sequencer, log, settlements } = scripted();
    const order = sequencer.submit('a');
    await tick();
    const idle = sequencer.exclusive(async () => void log.push('exclusive'));
    await tick();
    await tick();
    expect(log).toEqual(['start a', 'settle a']);
    settlements[0]!.resolve();
    await Promise.all([order, idle]);
    expect(log).toEqual(['start a', 'settle a', 'settled a', 'exclusive']);
  });

  it('a batch whose first stage fails is carried unpipelined and split, once the one in flight has settled', async () => {
    const log: string[] = [];
    const gate = deferred();
    const pipeline: Pipeline<string, string> = {
      run: async (batch) => {
        log.push(`run ${batch.join('+')}`);
        if (batch.includes('bad')) throw new Error('bad command');
        return batch.map((c) => `${c} done`);
      },
      start: async (batch) => {
        log.push(`start ${batch.join('+')}`);
        if (batch.includes('bad')) throw new Error('bad command');
        return { finish: async () => (await gate.promise, batch.map((c) => `${c} done`)) };
      },
      rebuild: async () => undefined,
    };
    const sequencer = new Sequencer(pipeline);
    const a = sequencer.submit('a');
    await tick();
    const rest = ['x', 'bad', 'y'].map((c) => sequencer.submit(c));
    await tick();
    await tick();
    expect(log).toEqual(['start a', 'start x+bad+y']);
    gate.resolve();
    expect(await a).toBe('a done');
    const outcomes = await Promise.allSettled(rest);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : 'refused'))).toEqual(['x done', 'refused', 'y done']);
    expect(log.slice(2)).toEqual(['run x+bad+y', 'run x+bad', 'run x', 'run bad', 'run y']);
  });
});

describe('linger', () => {
  /** Batches as started, and a held settlement per batch. */
  function held(lingerMs: number, lingerFromRate = 0) {
    const started: string[] = [];
    const settlements: Array<ReturnType<typeof deferred>> = [];
    const sequencer = new Sequencer<string, string>(
      {
        run: async (batch) => batch.map((c) => `${c} done`),
        start: async (batch) => {
          started.push(batch.join('+'));
          const settlement = deferred();
          settlements.push(settlement);
          return { finish: async () => (await settlement.promise, batch.map((c) => `${c} done`)) };
        },
        rebuild: async () => undefined,
      },
      { lingerMs, lingerFromRate },
    );
    return { sequencer, started, settlements };
  }

  /** "a" alone, then "b" and, a turn later, "c", while "a" still settles. */
  async function submitAThenBC(sequencer: Sequencer<string, string>) {
    const answers = [sequencer.submit('a')];
    await tick();
    await tick();
    answers.push(sequencer.submit('b'));
    await tick();
    answers.push(sequencer.submit('c'));
    return answers;
  }

  it('while a batch is in flight, a small one waits for the commands of the next turns', async () => {
    const { sequencer, started, settlements } = held(5);
    const answers = await submitAThenBC(sequencer);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(started).toEqual(['a', 'b+c']);
    settlements.forEach((s) => s.resolve());
    expect(await Promise.all(answers)).toEqual(['a done', 'b done', 'c done']);
  });

  it('lingers only while commands come fast enough to gather some: below the rate a small batch starts at once', async () => {
    // The same three commands as above, but on a market that lingers from 1,000 a second: three in
    // one window is 30 a second, so "b" does not wait for "c".
    const slow = held(1_000, 1_000);
    const answers = await submitAThenBC(slow.sequencer);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(slow.started).toEqual(['a', 'b']);
    expect(slow.sequencer.arrivalRate()).toBeLessThan(1_000);
    slow.settlements.forEach((s) => s.resolve());
    while (slow.settlements.length < 3) await tick();
    slow.settlements[2]!.resolve();
    expect(await Promise.all(answers)).toEqual(['a done', 'b done', 'c done']);

    // 150 commands in one window: 1,500 a second, so a small batch behind one in flight waits.
    const busy = held(5, 1_000);
    const first = Array.from({ length: 150 }, (_, i) => busy.sequencer.submit(`x${i}`));
    expect(busy.sequencer.arrivalRate()).toBeGreaterThanOrEqual(1_000);
    while (busy.started.length < 1) await tick();
    const more = [busy.sequencer.submit('b')];
    await tick();
    more.push(busy.sequencer.submit('c'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(busy.started.slice(1)).toEqual(['b+c']);
    busy.settlements.forEach((s) => s.resolve());
    expect(await Promise.all(more)).toEqual(['b done', 'c done']);
    expect(await Promise.all(first)).toHaveLength(150);
  });

  it('a lone command on a quiet market starts at once, and without a linger each turn is a batch', async () => {
    const quiet = held(1_000);
    const first = quiet.sequencer.submit('a');
    await tick();
    await tick();
    expect(quiet.started).toEqual(['a']); // nothing was in flight: no wait
    quiet.settlements[0]!.resolve();
    expect(await first).toBe('a done');

    const { sequencer, started, settlements } = held(0);
    const answers = await submitAThenBC(sequencer);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(started).toEqual(['a', 'b']); // "c" came a turn after "b" had started: a batch of its own
    settlements[0]!.resolve();
    settlements[1]!.resolve();
    while (settlements.length < 3) await tick();
    settlements[2]!.resolve();
    expect(await Promise.all(answers)).toEqual(['a done', 'b done', 'c done']);
    expect(started).toEqual(['a', 'b', 'c']);
  });
});
