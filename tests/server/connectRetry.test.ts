import { describe, expect, it } from 'vitest';
import { untilConnected } from '../../server/kernel/platform/db/connectRetry.js';

/** Issue 53 §2: a node started beside others waits for a full or starting PostgreSQL instead of exiting. */
const failing = (code: string) => Object.assign(new Error(code), { code });

describe('connecting at start', () => {
  it('tries again through "too many clients", a starting database and a refused connection, saying so once', async () => {
    const errors = [failing('53300'), failing('57P03'), failing('ECONNREFUSED')];
    const told: unknown[] = [];
    let attempts = 0;
    const answer = await untilConnected(
      async () => {
        attempts++;
        const error = errors.shift();
        if (error) throw error;
        return 'connected';
      },
      { retryMs: 1, onWait: (error) => told.push(error) },
    );
    expect(answer).toBe('connected');
    expect(attempts).toBe(4);
    expect(told).toHaveLength(1);
  });

  it('fails at once on what waiting cannot mend (a wrong password, a missing database)', async () => {
    let attempts = 0;
    const wrong = untilConnected(async () => {
      attempts++;
      throw failing('28P01');
    }, { retryMs: 1 });
    await expect(wrong).rejects.toThrow('28P01');
    expect(attempts).toBe(1);
  });

  it('gives up after its bound with the last error', async () => {
    let clock = 0;
    const full = untilConnected(
      async () => {
        clock += 50;
        throw failing('53300');
      },
      { retryMs: 1, giveUpMs: 200, now: () => clock },
    );
    await expect(full).rejects.toThrow('53300');
    expect(clock).toBeGreaterThanOrEqual(200);
  });
});
