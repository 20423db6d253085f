import { describe, expect, it } from 'vitest';
import type { Currency, Pair } from './api';
import { marketFigures } from './marketFigures';

const pair = { left_symbol: 'ORBT', right_symbol: 'USDT', is_hot: 0, trade_status: 1, contract_status: 0, price_precision: 4, amount_precision: 2 } as Pair;
const currency = (circulating_supply: string): Currency => ({ symbol: 'ORBT', name: 'Orbit', price: '0.3', recharge_turn: 1, draw_turn: 1, legal_status: 0, circulating_supply });

describe('a market row\'s market value', () => {
  it('is the USDT price times the circulating supply', () => {
    expect(marketFigures(pair, currency('1000'), undefined, undefined, '1').marketValueUsdt).toBe('300');
  });

  it('is unknown, not zero, where the supply is not known (a token just listed from its ICO): the lists show a dash, not $0.00', () => {
    for (const supply of ['0', '0.00', '']) expect(marketFigures(pair, currency(supply), undefined, undefined, '1').marketValueUsdt, supply).toBeUndefined();
  });
});
