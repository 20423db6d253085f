import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KYC_QUEUE_PAGE_SIZE, KYC_QUEUE_SEARCH_MAX, type KycSubmission } from '../../../../../domain/kyc';
import { Pager } from '../../../../app/ui/RecordFilters';
import { DeskForm, DeskTextField } from '../../../../app/ui/DeskDialog';
import { useKycReview } from '../../kyc.hooks';
import { Button } from '../../../../app/ui/Button';
import { KycApproveDialog, KycRejectDialog } from './KycReviewDialogs';
import { KycReviewDetail } from './KycReviewDetail';
import { deskColumns, DeskTable, ReloadButton, type DeskListTexts } from '../../../../app/ui/DeskDialog';

const TEXTS: DeskListTexts = { title: 'operator.queueTitle', empty: 'operator.queueEmpty', failed: 'operator.queueFailed' };

/**
 * The queue's search: an email, account or user id, sent on Find (or Enter); the text is
 * presentation state until then, the search sent is the machine's. "Show all" clears it.
 */
function QueueSearch(props: { search: string; busy: boolean; onFind: (search: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(props.search);
  return (
    <form
      role="search"
      aria-label={t('operator.searchLabel')}
      onSubmit={(e) => {
        e.preventDefault();
        props.onFind(text.slice(0, KYC_QUEUE_SEARCH_MAX));
      }}
    >
      <DeskForm style={{ gridTemplateColumns: 'minmax(0, 320px) max-content max-content', justifyContent: 'start', alignItems: 'end', margin: '8px 0 12px' }}>
        <DeskTextField label={t('operator.search')} value={text} onChange={setText} />
        <Button type="submit" $small disabled={props.busy}>
          {t('operator.find')}
        </Button>
        {props.search && (
          <Button
            type="button"
            $variant="ghost"
            $small
            onClick={() => {
              setText('');
              props.onFind('');
            }}
          >
            {t('operator.showAll')}
          </Button>
        )}
      </DeskForm>
    </form>
  );
}

/** The pending identity submissions, oldest first, a page at a time under a search, and the one being reviewed. */
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
          <KycRejectDialog
            busy={review.deciding}
            refusal={review.refusal}
            reasonMissing={review.reasonMissing}
            stepUpUntil={review.stepUpUntil}
            onConfirm={review.confirm}
            onCancel={review.cancel}
          />
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
      <QueueSearch search={review.search} busy={review.loadingQueue} onFind={review.find} />
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
      <Pager page={review.page} size={KYC_QUEUE_PAGE_SIZE} total={review.total} onPage={review.setPage} />
    </section>
  );
}
