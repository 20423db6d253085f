import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../../domain/api.js';
import { DepositStatus, WALLET_PATHS, type DepositRecord } from '../../../domain/wallet.js';
import type { Wallet } from './wallet.js';
import type { SimulatedChain } from './chain/simulatedChain.js';
import type { LocaleCode } from '../../../domain/languages.js';
import { translate } from '../../kernel/platform/i18n/messages.js';
import { ApiFailure } from '../../kernel/platform/http/envelope.js';
import { unwrap } from '../../kernel/platform/outcome.js';
import { currency, decimal, strictObject, text } from '../../kernel/platform/http/schemas.js';

/** What the sender reads: when it is credited, or that it arrived and is held (and why). */
function sentMessage(lang: LocaleCode, deposit: DepositRecord): string {
  if (deposit.status !== DepositStatus.held) return translate(lang, 'walletDepositSent', { confirmations: String(deposit.confirmations_required) });
  return translate(lang, deposit.held_reason === 'delisted' ? 'walletDepositHeldDelisted' : 'walletDepositHeldBelowMinimum', { currency: deposit.currency });
}

/**
 * The simulated chain's faucet: sends a deposit to a platform deposit address, as if from outside
 * (no token: it stands for the outside world). It exists only while the server runs the simulated
 * chain (CHAIN_SIMULATOR is not "off"); a real chain adapter has no faucet, and this answers a
 * translated refusal instead. `network` may be left out when the address has only one.
 */
export function chainRoutes(wallet: Wallet, simulator: SimulatedChain | undefined) {
  return async (app: FastifyInstance) => {
    app.post<{ Body: { address: string; currency: string; network?: string; quantity: string } }>(
      WALLET_PATHS.simulateDeposit,
      {
        schema: {
          body: strictObject(['address', 'currency', 'quantity'], { address: text(256, 1), currency, network: text(32, 1), quantity: decimal }),
        },
      },
      async (request) => {
        if (!simulator) throw new ApiFailure(ResultCode.badRequest, 'walletChainSimulatorOff');
        const { address, currency, quantity } = request.body;
        const network = request.body.network ?? (await wallet.networkOfAddress(address, currency));
        if (!network) throw new ApiFailure(ResultCode.badRequest, 'walletAddressUnknown');
        const deposit = unwrap(await simulator.simulateDeposit({ address, currency, network, quantity }));
        return { code: ResultCode.ok, msg: sentMessage(request.lang, deposit), data: deposit };
      },
    );
  };
}
