import { manipulationSuite } from './manipulationSuite.js';

/**
 * Issue 49 §7 in a quiet market (manipulation.ts): the makers off, one order of 0.25 BTC a side 20
 * USDT from a mid that never moves, nobody else trading. On the old index a 0.001 BTC bid one tick
 * inside the spread moved the price by cents and won every 10,000 USDT "up" contract, and brief
 * quotes lined up with the sampler's fixed instants moved it too. Every honest contract here is a
 * draw, and so must the attacker's be: the attack may only lose.
 */
manipulationSuite('quiet', 'the seconds index of a quiet book cannot be moved for pennies', [
  ['tinyBid', 'a 0.001 BTC (~96 USDT) bid one tick under the ask through every settle window', false],
  ['briefQuotes', '0.5 BTC quotes resting 40 ms at each old sampling instant, in buy and settle windows', true],
]);
