/**
 * Kept only because tests/server/market/spotMarketRecovery.test.ts (not the client's to change)
 * imports this path; the code lives in src/features/markets/machines/orderBook/levels.ts.
 */
export * from '../../features/markets/machines/orderBook/levels';
