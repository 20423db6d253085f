import { WithdrawalQueue } from './WithdrawalQueue';
import { WithdrawalTestDeposit } from './WithdrawalTestDeposit';

/** The operator's withdrawal desk: the approval queue, and the simulated chain's faucet below it. */
export function WithdrawalDesk() {
  return (
    <>
      <WithdrawalQueue />
      <WithdrawalTestDeposit />
    </>
  );
}
