import { page, type OperatorDesk } from '../../app/feature';

/** This product's tabs of the operator console (/operator), fetched with the console only: none of it is on the site's pages. */
export const desks: OperatorDesk[] = [
    { id: 'withdrawals', label: 'wallet.ops.withdrawalDesk', page: page(() => import('./views/operator/WithdrawalDesk'), 'WithdrawalDesk'), permission: 'withdrawals.read' },
    { id: 'heldDeposits', label: 'wallet.held.desk', permission: 'deposits.read', page: page(() => import('./views/operator/HeldDepositsDesk'), 'HeldDepositsDesk') },
    { id: 'corrections', label: 'corrections.desk', permission: 'corrections.read', page: page(() => import('./views/operator/CorrectionsDesk'), 'CorrectionsDesk') },
  ];
