// 10× long 0.1 at 60 000 with 600 margin: −20 % ROE is a 120 USDT loss, a 1 200 fall.
import { expect, it } from 'vitest';
import { roeTriggerPrice } from './planTrigger';
it('a TP/SL by ROE is the price it means: on the grid, a long rounded up, a short down (issue 50 M8)', () => {
  const p = { side: 1 as const, quantity: '0.1', entry_price: '60000', margin: '600' };
  expect(roeTriggerPrice(p, 'stop_loss', '20', 2)).toBe('58800');
  expect(roeTriggerPrice(p, 'take_profit', '50', 2)).toBe('63000');
  expect(roeTriggerPrice({ ...p, side: -1 }, 'take_profit', '50', 2)).toBe('57000');
  expect(roeTriggerPrice({ ...p, quantity: '0.3' }, 'take_profit', '10', 2)).toBe('60200');
  expect(roeTriggerPrice({ ...p, quantity: '0.7' }, 'take_profit', '10', 2)).toBe('60085.72');
  expect(roeTriggerPrice({ ...p, quantity: '0.7', side: -1 }, 'take_profit', '10', 2)).toBe('59914.28');
  expect(roeTriggerPrice({ ...p, quantity: '0.7', side: -1 }, 'stop_loss', '10', 2)).toBe('60085.71');
  expect(roeTriggerPrice(p, 'stop_loss', '1000', 2)).toBeUndefined();
  expect(roeTriggerPrice(p, 'stop_loss', '0.0000001', 2)).toBeUndefined();
});
