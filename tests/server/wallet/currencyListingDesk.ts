import { beforeAll } from 'vitest';
import { currencyListingRoutes } from '../../../server/products/wallet/listing/routes.js';
import { OPERATOR_SECRET, operatorCode } from '../support/operators.js';
import { signInOperatorWith2fa } from '../support/productTestbed.js';
import { useWallet } from './harness.js';

/**
 * The wallet's test bed with the currency listing routes (issue 52 §1) and a risk operator signed
 * in with 2FA as `riskAccount`: `risk` is its headers (filled before the file's tests), `code()` a
 * fresh 2FA code of it.
 */
export function useCurrencyListingDesk(riskAccount: string) {
  const t = useWallet({ routes: (db, now) => [currencyListingRoutes(db, now)] });
  const risk: Record<string, string> = {};
  beforeAll(async () => {
    risk.token = await signInOperatorWith2fa(t.db, riskAccount);
  });
  /** A fresh 2FA code: each is taken once, so the file's clock moves to the next 30-second step first. */
  function code(): string {
    t.advance(30_000);
    return operatorCode(OPERATOR_SECRET, t.now());
  }
  return { t, risk, code };
}
