/**
 * The first states of the deposit and withdrawal pages, both opened on the currency of their
 * address or on none: none (or one not listed) → `choosing`; this currency's deposits or
 * withdrawals closed → `closed`; else `load`. Written once so the two pages open alike; each
 * machine names its own guards `noCurrency` and `closedGuard`.
 */
export function currencyStart<const Closed extends 'depositsClosed' | 'withdrawalsClosed', const Load extends string>(closedGuard: Closed, closedWhy: string, load: Load) {
  return {
    start: {
      always: [
        { guard: 'noCurrency', target: 'choosing' },
        { guard: closedGuard, target: 'closed', description: closedWhy },
        { target: load },
      ],
    },
    choosing: {},
    closed: {},
  } as const;
}
