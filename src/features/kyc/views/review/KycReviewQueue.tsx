import { useTranslation } from 'react-i18next';
import type { KycSubmission } from '../../../../../domain/kyc';
import { useKycReview } from '../../kyc.hooks';
import { Button } from '../../../../app/ui/Button';
import { KycApproveDialog, KycRejectDialog } from './KycReviewDialogs';
import { KycReviewDetail } from './KycReviewDetail';
import { deskColumns, DeskTable, ReloadButton, type DeskListTexts } from '../../../../app/ui/DeskDialog';

const TEXTS: DeskListTexts = { title: 'operator.queueTitle', empty: 'operator.queueEmpty', failed: 'operator.queueFailed' };

/** The pending identity submissions, oldest first, and the one being reviewed. */
export function KycReviewQueue() {
  const { t } = useTranslation();
  const review = useKycReview();
  if (review.showingDetail && review.detail) {
    return (
      <>
        <KycReviewDetail detail={review.detail} busy={review.deciding} onApprove={review.approve} onReject={review.reject} onBack={review.back} />
        {review.confirmingApprove && (
          <KycApproveDialog
            busy={review.deciding}
            refusal={review.refusal}
            stepUpUntil={review.stepUpUntil}
            name={review.detail.submission.real_name}
            onConfirm={review.confirm}
            onCancel={review.cancel}
          />
        )}
        {review.confirmingReject && (
          <KycRejectDialog busy={review.deciding} refusal={review.refusal} stepUpUntil={review.stepUpUntil} onConfirm={review.confirm} onCancel={review.cancel} />
        )}
      </>
    );
  }
  return (
    <section aria-label={t(TEXTS.title)}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <h2>{t(TEXTS.title)}</h2>
        <ReloadButton onReload={review.reload} loading={review.loadingQueue} />
      </div>
      <DeskTable<KycSubmission>
        texts={TEXTS}
        desk={{ list: review.queue, failed: review.queueFailed }}
        columns={[
          ...deskColumns.whenAndWho<KycSubmission>('operator.submittedAt', (r) => r.created_at),
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
