import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MY_FEES_FIXTURE } from '../../src/features/fees/machines/myFees/myFees.fixtures';
import { feesDeskModel } from '../../src/features/fees/machines/feesDesk/feesDesk.model';
import { myFeesModel } from '../../src/features/fees/machines/myFees/myFees.model';
import { describeModel, runModel } from './harness';

/**
 * The user's fees page (issue 52 §2): its generated paths, and scenarios — it reads the user's
 * fees once, shows spot or futures markets, and after a failed read reads again on retry.
 */
beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('myFees (generated paths)', () => describeModel(myFeesModel));

describe('myFees (scenarios)', () => {
  it('reads the fees, then switches between spot and futures markets', async () => {
    const run = runModel(myFeesModel, { log: ['showToast'] });
    await run.settle({ type: 'xstate.done.actor.fetchMyFees', output: MY_FEES_FIXTURE });
    expect(run.actor.getSnapshot().value).toBe('shown');
    expect(run.actor.getSnapshot().context.fees?.tier).toBe(1);
    run.actor.send({ type: 'fees.show', product: 'futures' });
    expect(run.actor.getSnapshot().context.product).toBe('futures');
  });

  it('a failed read says so (toast) and retry reads again', async () => {
    const run = runModel(myFeesModel, { log: ['showToast'] });
    await run.settle({ type: 'xstate.error.actor.fetchMyFees', error: { kind: 'network' } });
    expect(run.actor.getSnapshot().value).toBe('failed');
    expect(run.log.some((entry) => entry.startsWith('showToast'))).toBe(true);
    run.actor.send({ type: 'fees.retry' });
    expect(run.actor.getSnapshot().value).toBe('loading');
  });
});

describe('feesDesk (generated paths)', () => describeModel(feesDeskModel));
