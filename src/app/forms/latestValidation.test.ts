import { describe, expect, it } from 'vitest';
import { object, string } from 'yup';
import { latestValidation } from './latestValidation';

describe('validation that ends on the newest values (formik#2534)', () => {
  it('a slow early run that resolves last answers the newer run\'s errors, not its own stale ones', async () => {
    // The first check of "slow" takes 50 ms (a dictionary loading), every other check is immediate.
    let first = true;
    const schema = object({
      password: string().test('strength', 'weak', async (value) => {
        if (value === 'slow' && first) {
          first = false;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return true;
      }),
      repeat: string().required('repeatRequired').oneOf(['slow'], 'differ'),
    });
    const validate = latestValidation<{ password: string; repeat: string }>(schema);
    const early = validate({ password: 'slow', repeat: '' });
    const later = validate({ password: 'slow', repeat: 'other' });
    const [a, b] = await Promise.all([early, later]);
    expect(b).toEqual({ repeat: 'differ' });
    // What Formik applies last (the early run) says the same.
    expect(a).toEqual({ repeat: 'differ' });
  });

  it('a single run answers its own errors', async () => {
    const validate = latestValidation<{ repeat: string }>(object({ repeat: string().required('repeatRequired') }));
    expect(await validate({ repeat: '' })).toEqual({ repeat: 'repeatRequired' });
    expect(await validate({ repeat: 'x' })).toEqual({});
  });
});
