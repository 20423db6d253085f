import type { DepositRecord } from '../../../../domain/wallet.js';
import type { Outcome } from '../../../kernel/platform/outcome.js';
import { simulatedAddress, simulatedTxHash } from './addresses.js';
import type { ChainAdapter, ChainEvents } from './chainAdapter.js';

export interface SimulatedChainOptions {
  /** Time between blocks (CHAIN_BLOCK_MS); every network mines one block per tick. */
  blockMs: number;
  log?: (message: string, error: unknown) => void;
}

/**
 * A chain without a node, for development and tests. `simulateDeposit` is its faucet (the dev
 * command `npm run chain:deposit` and POST /api/chain/simulate_deposit call it); every block
 * (`tick`, on a timer once `start`ed) gives each transaction in flight one more confirmation.
 * It keeps no state of its own: what is in flight is read from the wallet's tables at each block,
 * so after a restart the timer simply carries on where the database says things are.
 */
export class SimulatedChain implements ChainAdapter {
  readonly name = 'simulated';
  private events: ChainEvents | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  /** Blocks are mined one after the other, never overlapping, however slow the database is. */
  private mining: Promise<void> = Promise.resolve();

  constructor(private readonly options: SimulatedChainOptions) {}

  depositAddress(userId: number, currency: string, network: string): string {
    return simulatedAddress(userId, currency, network);
  }

  async broadcast(withdrawal: { network: string }): Promise<string> {
    return simulatedTxHash(withdrawal.network);
  }

  async returnDeposit(deposit: { network: string }): Promise<string> {
    return simulatedTxHash(deposit.network);
  }

  connect(events: ChainEvents): void {
    this.events = events;
  }

  /** Sends `quantity` of `currency` to `address` on `network`, as if from outside the platform. */
  simulateDeposit(input: { address: string; currency: string; network: string; quantity: string }): Promise<Outcome<DepositRecord>> {
    return this.connected().depositSeen({ ...input, txHash: simulatedTxHash(input.network) });
  }

  /** Mines one block. Resolves when every transaction in flight has been given its confirmation. */
  tick(): Promise<void> {
    const block = this.mining.then(async () => {
      const events = this.connected();
      for (const tx of await events.inFlight()) {
        await events.confirmed(tx.kind, tx.txHash, tx.confirmations + 1);
      }
    });
    // A failed block is reported and the next one tries again; the chain never stops mining.
    this.mining = block.catch((error) => this.options.log?.('simulated chain: block failed', error));
    return block;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick().catch(() => undefined), this.options.blockMs);
    this.timer.unref?.();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.mining;
  }

  private connected(): ChainEvents {
    if (!this.events) throw new Error('SimulatedChain used before connect()');
    return this.events;
  }
}
