import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { KycReviewRecord as Detail } from '../../machines/kycReview/kycReview.machine';
import { DateTime } from '../../../../app/ui/DateTime';
import { Button } from '../../../../app/ui/Button';
import { Fact } from '../../../../app/ui/FormRows';

const Photos = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 16px;
  margin: 14px 0;
  figure { margin: 0; }
  img { width: 100%; max-height: 320px; object-fit: contain; background: ${({ theme }) => theme.color.panelRaised}; border: 1px solid ${({ theme }) => theme.color.border}; }
  figcaption { color: ${({ theme }) => theme.color.textDim}; margin-top: 4px; }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 6px 16px;
  dt { color: ${({ theme }) => theme.color.textDim}; }
  dd { margin: 0; }
`;

export function KycReviewDetail(props: { detail: Detail; busy: boolean; onApprove: () => void; onReject: () => void; onBack: () => void }) {
  const { t } = useTranslation();
  const s = props.detail.submission;
  return (
    <section aria-label={t('operator.detailTitle')}>
      <Button type="button" $variant="ghost" $small onClick={props.onBack}>
        {t('operator.back')}
      </Button>
      <h2>{t('operator.detailTitle')}</h2>
      <Facts>
        <Fact label={t('operator.user')}>{s.account}</Fact>
        <Fact label={t('identity.name')}>{s.real_name}</Fact>
        <Fact label={t('identity.idNumber')}>{s.id_number}</Fact>
        <Fact label={t('operator.submittedAt')}>
          <DateTime at={s.created_at} />
        </Fact>
      </Facts>
      <Photos>
        <figure>
          <img src={props.detail.front} alt={t('identity.front')} />
          <figcaption>{t('identity.front')}</figcaption>
        </figure>
        <figure>
          <img src={props.detail.back} alt={t('identity.back')} />
          <figcaption>{t('identity.back')}</figcaption>
        </figure>
      </Photos>
      <div style={{ display: 'flex', gap: 8 }}>
        <Button type="button" disabled={props.busy} onClick={props.onApprove}>
          {t('operator.approve')}
        </Button>
        <Button type="button" $variant="danger" disabled={props.busy} onClick={props.onReject}>
          {t('operator.reject')}
        </Button>
      </div>
    </section>
  );
}
