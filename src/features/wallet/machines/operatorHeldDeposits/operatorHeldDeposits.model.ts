import { isSecondFactorCode } from '../../../../../domain/twoFactor';
import type { HeldDeposit } from '../../../../../domain/wallet';
import { operatorHeldDepositsMachine } from './operatorHeldDeposits.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

export const heldBelowMinimum: HeldDeposit = {
  id: 31,
  user_id: 42,
  account: 'trader@example.org',
  currency: 'USDT',
  network: 'ERC20',
  quantity: '9.99',
  tx_hash: '0x3c4f00000000000000000000000000000000000000000000000000000000beef',
  held_reason: 'below_minimum',
  created_at: 1_700_000_000_000,
};

export const heldDelisted: HeldDeposit = { ...heldBelowMinimum, id: 32, currency: 'BNB', network: 'BEP20', quantity: '3', held_reason: 'delisted' };

export const RETURN_ADDRESS = '0x52908400098527886e0f7030069857d2e4169ee7';

/** The dialogs; the list itself is the shared paged list's model (app/machines/pagedList). */
export const operatorHeldDepositsModel = machineModel(
  operatorHeldDepositsMachine,
  [{ name: 'finance operator signed in' }],
  [
    { type: 'held.credit', id: 31, reason: 'below_minimum' },
    { type: 'held.credit', id: 32, reason: 'delisted' },
    { type: 'held.return', id: 32 },
    { type: 'held.edit', field: 'code', value: '123456' },
    { type: 'held.edit', field: 'code', value: '12345' },
    { type: 'held.edit', field: 'address', value: ` ${RETURN_ADDRESS} ` },
    { type: 'held.edit', field: 'address', value: '  ' },
    { type: 'held.submit' },
    ...actorAnswers('creditHeldDeposit', { id: 31, status: 3, fee: '0.5', credited: '9.49' }, { kind: 'server', serverMessage: 'This deposit is no longer held: it has already been resolved' }),
    ...actorAnswers('returnHeldDeposit', { id: 32, status: 5, return_address: RETURN_ADDRESS, return_tx_hash: '0xabc' }),
    // The step-up window read as a dialog opens: stepped up until a moment (an empty code is then sent), or not.
    ...actorAnswers('readStepUp', 1_900_000_000_000),
    { type: 'held.close' },
  ],
  // Whether the fields would pass their rules tells the dialogs' states apart (the code's shape or its
  // absence, which the step-up window lets through; an address typed or not): finite.
  (s) => ({
    code: isSecondFactorCode(s.context.code) ? 'shaped' : s.context.code.trim() === '' ? 'none' : 'other',
    address: s.context.address.trim() !== '',
    steppedUp: s.context.stepUpUntil !== null,
  }),
);
