import type { DepositRecord } from '../../../../domain/wallet.js';
import type { Outcome } from '../../../kernel/platform/outcome.js';

/**
 * The boundary between the wallet and a blockchain. The wallet never talks to a node itself: an
 * adapter makes deposit addresses, broadcasts withdrawals, and reports what it sees on the chain
 * through `ChainEvents`. Every piece of state (deposits seen, confirmations, withdrawals in flight)
 * is kept by the wallet in the database, so an adapter holds nothing that a restart could lose.
 *
 * `SimulatedChain` is the only adapter here (no real node); a real one would watch its node for
 * transfers to the addresses in deposit_address and report their confirmations the same way.
 */
export interface ChainAdapter {
  readonly name: string;
  /** The deposit address of a user for (currency, network). Deterministic: the same inputs, the same address. */
  depositAddress(userId: number, currency: string, network: string): string;
  /** Sends a withdrawal to the chain and answers its transaction hash. */
  broadcast(withdrawal: { id: number; currency: string; network: string; address: string; quantity: string }): Promise<string>;
  /**
   * Sends a held deposit back (an operator's return, docs/OPERATOR.md "Held deposits") to `address`
   * and answers its transaction hash. Not a withdrawal: it was never credited, so no balance moves.
   */
  returnDeposit(deposit: { id: number; currency: string; network: string; address: string; quantity: string }): Promise<string>;
  /** Hands the adapter the wallet's side of the boundary; call once, before the first block. */
  connect(events: ChainEvents): void;
}

export interface ChainDeposit {
  address: string;
  currency: string;
  network: string;
  quantity: string;
  txHash: string;
}

/** A transaction the wallet is waiting on: a deposit coming in or a withdrawal going out. */
export interface InFlightTx {
  kind: 'deposit' | 'withdrawal';
  txHash: string;
  network: string;
  confirmations: number;
}

/** What an adapter tells the wallet (implemented in server/products/wallet/chainEvents.ts). */
export interface ChainEvents {
  /** A transfer to a deposit address appeared (0 confirmations). Refused for unknown addresses, closed deposits, amounts below the minimum. */
  depositSeen(deposit: ChainDeposit): Promise<Outcome<DepositRecord>>;
  /** One of the wallet's transactions now has `confirmations`; the wallet settles it when it has enough. */
  confirmed(kind: InFlightTx['kind'], txHash: string, confirmations: number): Promise<void>;
  /** The transactions still waiting for confirmations, read from the database. */
  inFlight(): Promise<InFlightTx[]>;
}
