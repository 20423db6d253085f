import type { FiatOrder } from '../../domain/fiat.js';
import type { FuturesPlaced } from '../../domain/futures/api.js';
import type { IcoSubscription } from '../../domain/ico.js';
import type { SecondsContract } from '../../domain/seconds.js';

/** Who the workload submits as, and what it keeps of each submission the server acknowledged. */

export interface Trader {
  account: string;
  token: string;
}

/**
 * A submission the server answered with success: it must be in the books forever after. `id` names
 * its effect: the spot or futures order, the transfer, the withdrawal, the seconds contract, the P2P
 * order; for an ICO subscription (one per user and project) the project, with the `quantity` added.
 */
export interface Acknowledged {
  trader: string;
  kind: 'order' | 'transfer' | 'withdrawal' | 'futures' | 'seconds' | 'fiat' | 'ico';
  id: number;
  key: string;
  quantity?: string;
  /** When it was first sent (a resend keeps the first time) and when the server acknowledged it (ms); unset for a test's own probes. */
  sentAt?: number;
  at?: number;
}

export type Kind = Acknowledged['kind'];
/** Where each kind's answer names its effect. */
export const ID_OF: Record<Kind, (data: any) => number> = {
  order: (d) => d.id,
  transfer: (d) => d.id,
  withdrawal: (d) => d.id,
  futures: (d: FuturesPlaced) => d.order.id,
  seconds: (d: SecondsContract) => d.id,
  fiat: (d: FiatOrder) => d.id,
  ico: (d: IcoSubscription) => d.project_id,
};
