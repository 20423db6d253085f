import { manipulationSuite } from './manipulationSuite.js';

/**
 * Issues 34 and 49 with the makers on (manipulation.ts): an honest maker's book that moves beyond
 * the draw band between buy and settle windows, and honest trades every second. The holder of
 * "up" contracts tries each tactic over EXPIRIES expiries; on the old indexes the prints won 21 of
 * 21, and the tiny bid and the brief quotes decided every flat expiry. The settle price must be one
 * these cannot steer: honest contracts settle by the fair move and the attack loses money.
 */
manipulationSuite('makers', 'seconds settlement with the makers on cannot be steered', [
  ['prints', 'self-made prints one cent inside the ask', true],
  ['tinyBid', 'a 0.001 BTC bid one tick under the ask through every settle window', false],
  ['briefQuotes', '0.5 BTC quotes resting 40 ms at each old sampling instant, in buy and settle windows', true],
]);
