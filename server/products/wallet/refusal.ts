import { Refusal, type Outcome } from '../../kernel/platform/outcome.js';
import { InsufficientFunds } from '../../kernel/platform/ledger/ledger.js';

/**
 * Wallet use cases refuse with the kernel's Refusal (a thrown refusal rolls the whole transaction
 * back); `outcome` turns it, and the ledger's own refusals, into the translated Outcome the routes
 * answer with body code 400.
 */
export { Refusal };

const NUMERIC_OUT_OF_RANGE = '22003';

export async function outcome<T>(work: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, data: await work() };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, key: error.key, ...(error.vars ? { vars: error.vars } : {}) };
    // The balance checks of the ledger refused an overdraft (also under concurrency).
    if (error instanceof InsufficientFunds) return { ok: false, key: 'walletInsufficientBalance' };
    // A sum past NUMERIC(36, 18) (a balance near 10^18): refused as an amount, never a 500.
    if ((error as { code?: string }).code === NUMERIC_OUT_OF_RANGE) return { ok: false, key: 'walletQuantityInvalid' };
    throw error;
  }
}
