import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../../server/config.js';

/**
 * The simulated P2P merchants release to anyone who says they paid, and the market makers and the
 * merchants hold stock minted from nothing: part of the simulated world, as the chain simulator is.
 * A deployment that turns the chain simulator off for real balances gets neither unless it asks.
 */
describe('the simulations follow the chain simulator', () => {
  it('are on by default, off with CHAIN_SIMULATOR=off, and each can still be set either way', () => {
    expect(readConfig({})).toMatchObject({ chainSimulator: true, marketMakers: true, p2pMerchants: true });
    expect(readConfig({ CHAIN_SIMULATOR: 'off' })).toMatchObject({ chainSimulator: false, marketMakers: false, p2pMerchants: false });
    expect(readConfig({ CHAIN_SIMULATOR: 'off', MARKET_MAKERS: 'on', P2P_MERCHANTS: 'on' })).toMatchObject({ marketMakers: true, p2pMerchants: true });
    expect(readConfig({ MARKET_MAKERS: 'off', P2P_MERCHANTS: 'off' })).toMatchObject({ chainSimulator: true, marketMakers: false, p2pMerchants: false });
  });
});
