import { describe, expect, it } from 'vitest';
import { formOfSettings, legalTradePatch, legalTradeSchema, legalTradeValid } from './fiatSettings';

const current = { pay_time: 120, confirm_time: 60, max_unpaid_num: 5, suspend_time: 1440, max_online_ads: 50 };
const form = (over: Partial<Record<'pay_time' | 'confirm_time' | 'max_unpaid_num' | 'suspend_time' | 'max_online_ads', string>>) => ({ ...formOfSettings(current), ...over });
const firstError = (values: object) => {
  try {
    legalTradeSchema.validateSync(values);
    return undefined;
  } catch (error) {
    return (error as { message: string }).message;
  }
};

describe('the legal_trade form', () => {
  it('takes minutes from 0.1 to 10080 with at most 2 decimals, and 1 to 100 unpaid cancellations', () => {
    for (const ok of [{ pay_time: '0.1' }, { pay_time: '0.25' }, { confirm_time: '10080' }, { pay_time: ' 30 ' }, { max_unpaid_num: '1' }, { max_unpaid_num: '100' }]) expect(legalTradeValid(form(ok)), JSON.stringify(ok)).toBe(true);
    for (const bad of [{ pay_time: '0' }, { pay_time: '0.09' }, { pay_time: '0.125' }, { confirm_time: '10080.01' }, { pay_time: '-1' }, { pay_time: '1e3' }, { pay_time: 'abc' }, { max_unpaid_num: '0' }, { max_unpaid_num: '101' }, { max_unpaid_num: '1.5' }])
      expect(legalTradeValid(form(bad)), JSON.stringify(bad)).toBe(false);
  });

  it('takes a suspension in minutes and 1 to 1000 online ads per user', () => {
    for (const ok of [{ suspend_time: '0.5' }, { suspend_time: '10080' }, { max_online_ads: '1' }, { max_online_ads: '1000' }]) expect(legalTradeValid(form(ok)), JSON.stringify(ok)).toBe(true);
    for (const bad of [{ suspend_time: '0' }, { suspend_time: '' }, { max_online_ads: '0' }, { max_online_ads: '1001' }, { max_online_ads: '2.5' }]) expect(legalTradeValid(form(bad)), JSON.stringify(bad)).toBe(false);
    expect(legalTradePatch(current, form({ suspend_time: '60', max_online_ads: '10' }))).toEqual({ suspend_time: 60, max_online_ads: 10 });
  });

  it('names what is wrong with a catalogue key', () => {
    expect(firstError(form({ pay_time: '' }))).toBe('fiat.settings.minutesRequired');
    expect(firstError(form({ confirm_time: '0' }))).toBe('fiat.settings.minutesInvalid');
    expect(firstError(form({ max_unpaid_num: '' }))).toBe('fiat.settings.unpaidRequired');
    expect(firstError(form({ max_unpaid_num: '2.5' }))).toBe('fiat.settings.unpaidInvalid');
  });

  it('sends only what changed, as numbers', () => {
    expect(legalTradePatch(current, form({}))).toEqual({});
    expect(legalTradePatch(current, form({ pay_time: '120.00' }))).toEqual({});
    expect(legalTradePatch(current, form({ pay_time: '0.25', max_unpaid_num: '3' }))).toEqual({ pay_time: 0.25, max_unpaid_num: 3 });
  });
});
