import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CollectionMethod } from '../../../../../domain/userCentre';
import { ListPanel } from '../../../../app/ui/RetryButton';
import { LongText } from '../../../../app/ui/LongText';
import { ConfirmDeleteDialog, DeleteButton } from './ConfirmDeleteDialog';
import { useRecordBookFlow } from '../../accounts.hooks';

/** /user/c-collAddr: the user's collection methods, with edit links and delete after confirmation. */
export function CollectionMethodsPage() {
  const { t } = useTranslation();
  const book = useRecordBookFlow('collectionMethods');
  const rows = book.records as unknown as CollectionMethod[];
  return (
    <ListPanel<CollectionMethod>
      title={t('menu.user.collection')}
      intro={t('page.collAddr.intro')}
      beside={<Link to="/user/addCollAddr">+ {t('page.addCollAddr.title')}</Link>}
      failed={book.loadFailed}
      onRetry={book.retry}
      rows={rows}
      columns={[
        { key: 'col.fullName', render: (r) => r.real_name },
        { key: 'col.cardNumber', render: (r) => <code>{r.card_number}</code> },
        { key: 'col.bankName', render: (r) => <LongText text={r.bank_name + (r.branch ? ` · ${r.branch}` : '')} mode="ellipsis" maxWidth="24ch" /> },
        { key: 'col.currency', render: (r) => r.currency || '—' },
        {
          key: 'col.actions',
          align: 'right',
          render: (r) => (
            <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
              <Link to={`/user/editCollAddr/${r.id}`}>{t('settings.edit')}</Link>
              <DeleteButton onDelete={() => book.remove(r.id)} />
            </span>
          ),
        },
      ]}
    >
      <ConfirmDeleteDialog actor={book.deleteQuestion} messageKey="addresses.confirmDeleteMethod" confirmKey="addresses.deleteMethod" keepKey="addresses.keepMethod" />
    </ListPanel>
  );
}
