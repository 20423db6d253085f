import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useOperatorSession } from '../../kyc/kyc.hooks';
import { Button } from '../../../app/ui/Button';
import { OperatorLogin } from './OperatorLogin';
import { ReviewQueue } from '../../kyc/views/review/KycReviewQueue';
import { WithdrawalQueue } from '../../wallet/views/operator/WithdrawalQueue';
import { WithdrawalTestDeposit } from '../../wallet/views/operator/WithdrawalTestDeposit';
import { Segmented } from '../../../app/ui/Segmented';

const Shell = styled.div`
  min-height: 100vh;
  header {
    display: flex;
    align-items: center;
    gap: 14px;
    padding: 10px 20px;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.panel};
  }
  header .title { font-weight: 700; flex: 1; }
  main { padding: 20px; max-width: 1100px; margin: 0 auto; }
`;

/** /operator: its own minimal layout, apart from the trader's header, menus and session. */
export function OperatorLayout() {
  const { t } = useTranslation();
  const session = useOperatorSession();
  // Which desk is shown is presentation only; each desk's actor lives while it is shown.
  const [desk, setDesk] = useState<'identity' | 'withdrawals'>('identity');
  return (
    <Shell>
      <header>
        <span className="title">{t('operator.title')}</span>
        {session.signedIn && (
          <>
            <Segmented role="tablist" aria-label={t('operator.title')}>
              <button type="button" role="tab" aria-selected={desk === 'identity'} onClick={() => setDesk('identity')}>
                {t('wallet.ops.identityDesk')}
              </button>
              <button type="button" role="tab" aria-selected={desk === 'withdrawals'} onClick={() => setDesk('withdrawals')}>
                {t('wallet.ops.withdrawalDesk')}
              </button>
            </Segmented>
            <span>{session.operator?.account}</span>
            <Button type="button" $variant="ghost" $small onClick={session.signOut}>
              {t('operator.signOut')}
            </Button>
          </>
        )}
      </header>
      <main>
        {!session.signedIn ? (
          <OperatorLogin />
        ) : desk === 'identity' ? (
          <ReviewQueue />
        ) : (
          <>
            <WithdrawalQueue />
            <WithdrawalTestDeposit />
          </>
        )}
      </main>
    </Shell>
  );
}
