import { describe, expect, it } from 'vitest';
import { expectOk } from '../http.js';
import { useIco } from './harness.js';

/** Issue 49 §1: a subscription of "10.00000" (past the token's 2 places, in zeros) is 10 tokens. */
const t = useIco();

describe('ICO quantities with trailing zeros are the numbers they denote', () => {
  it('subscribing "10.00000" subscribes 10', async () => {
    const p = await t.project();
    const user = await t.user();
    const sub = expectOk(await t.subscribe(user, p.id, '10.00000'));
    expect(sub).toMatchObject({ quantity: '10' });
    expect((await t.projectById(p.id)).subscribed).toBe('10');
  });
});
