import { setPasswordHashCostForTests } from '../../server/kernel/platform/auth/passwords.js';

/**
 * The server suite hashes passwords at N=2^10 (1 MiB, about 1.5 ms a hash) instead of the server's
 * N=2^15 (32 MiB, ~50 ms): every file builds the app and signs its users up and in, and full-cost
 * hashes, with the page faults of their 32 MiB, were about a third of the suite's CPU (perf,
 * 2026-12-02). What is tested stays the same: scrypt, a salt, the parameters kept in the hash and
 * checked at their own cost. tests/server/passwords.test.ts checks the full cost itself.
 */
export const SUITE_HASH_COST = { N: 2 ** 10, r: 8, p: 1 };
setPasswordHashCostForTests(SUITE_HASH_COST);
