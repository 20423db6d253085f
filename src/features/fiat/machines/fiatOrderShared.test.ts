import { describe, expect, it } from 'vitest';
import { buyerTitleKey } from './fiatOrderShared';

describe("the buyer's order title (issue 37 §6)", () => {
  it('follows the status, not the address the page was opened at', () => {
    expect(buyerTitleKey('completed', 'confirm')).toBe('page.deal.buyDetail');
    expect(buyerTitleKey('cancelled', 'confirm')).toBe('page.deal.buyDetail');
    expect(buyerTitleKey('paid', 'confirm')).toBe('page.deal.buyConfirm');
    expect(buyerTitleKey('appeal', 'detail')).toBe('page.deal.buyConfirm');
    expect(buyerTitleKey('unpaid', 'confirm')).toBe('page.deal.buyDetail');
    expect(buyerTitleKey(undefined, 'confirm')).toBe('page.deal.buyConfirm');
  });
});
