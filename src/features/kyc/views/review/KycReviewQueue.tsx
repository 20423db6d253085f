import { useTranslation } from 'react-i18next';
import type { KycSubmission } from '../../../../../domain/kyc';
import { useKycReview } from '../../kyc.hooks';
import { Button } from '../../../../app/ui/Button';
import { DataTable } from '../../../../app/ui/DataTable';
import { Muted } from '../../../../app/ui/Panel';
import { KycApproveQuestion, KycRejectDialog } from './KycReviewDialogs';
import { DateTime } from '../../../../app/ui/DateTime';
import { KycReviewDetail } from './KycReviewDetail';

/** The pending identity submissions, oldest first, and the one being reviewed. */
export function KycReviewQueue() {
  const { t } = useTranslation();
  const review = useKycReview();
  if (review.showingDetail && review.detail) {
    return (
      <>
        <KycReviewDetail detail={review.detail} busy={review.deciding} onApprove={review.approve} onReject={review.reject} onBack={review.back} />
        <KycApproveQuestion actor={review.approveQuestion} name={review.detail.submission.real_name} />
        {review.confirmingReject && <KycRejectDialog busy={review.deciding} onConfirm={review.confirm} onCancel={review.cancel} />}
      </>
    );
  }
  return (
    <section aria-label={t('operator.queueTitle')}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <h2>{t('operator.queueTitle')}</h2>
        <Button type="button" $variant="ghost" $small onClick={review.reload} disabled={review.loadingQueue}>
          {t('operator.reload')}
        </Button>
      </div>
      {review.queueFailed && <Muted>{t('operator.queueFailed')}</Muted>}
      <DataTable<KycSubmission>
        label={t('operator.queueTitle')}
        rows={review.queue}
        rowKey={(r) => String(r.id)}
        emptyKey="operator.queueEmpty"
        columns={[
          { key: 'operator.submittedAt', render: (r) => <DateTime at={r.created_at} /> },
          { key: 'operator.user', render: (r) => r.account },
          { key: 'identity.name', render: (r) => r.real_name },
          { key: 'identity.idNumber', render: (r) => r.id_number },
          {
            key: 'col.actions',
            render: (r) => (
              <Button type="button" $small disabled={review.loadingDetail} onClick={() => review.open(r.id)}>
                {t('operator.review')}
              </Button>
            ),
          },
        ]}
      />
    </section>
  );
}
