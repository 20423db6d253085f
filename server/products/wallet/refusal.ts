import type { MessageKey } from '../../kernel/i18n/messages.js';
import type { Outcome } from '../../kernel/outcome.js';
import { InsufficientFunds } from '../../kernel/ledger/ledger.js';

/**
 * A refusal raised inside a wallet transaction: thrown, it rolls the whole transaction back (the
 * idempotency claim included, so a corrected retry is carried out afresh); `outcome` turns it into
 * the translated Outcome the routes answer with body code 400.
 */
export class Refusal extends Error {
  constructor(
    readonly key: MessageKey,
    readonly vars?: Record<string, string>,
  ) {
    super(key);
  }
}

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
