import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CollectionMethod } from '../../../../../domain/userCentre';
import { RetryButton } from '../../../../app/ui/RetryButton';
import { DataTable } from '../../../../app/ui/DataTable';
import { LongText } from '../../../../app/ui/LongText';
import { Muted, PageTitle, Panel, PanelBody, PanelHeader } from '../../../../app/ui/Panel';
import { ConfirmDeleteDialog, DeleteButton } from './ConfirmDeleteDialog';
import { useRecordBookFlow } from '../../accounts.hooks';

/** /user/c-collAddr: the user's collection methods, with edit links and delete after confirmation. */
export function CollectionMethodsPage() {
  const { t } = useTranslation();
  const book = useRecordBookFlow('collectionMethods');
  const rows = book.records as unknown as CollectionMethod[];
  return (
    <Panel>
      <PanelHeader>
        <PageTitle style={{ margin: 0 }}>{t('menu.user.collection')}</PageTitle>
        <Link to="/user/addCollAddr">+ {t('page.addCollAddr.title')}</Link>
      </PanelHeader>
      <PanelBody>
        <Muted style={{ marginBottom: 10 }}>{t('page.collAddr.intro')}</Muted>
        <DataTable<CollectionMethod>
          label={t('menu.user.collection')}
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
        />
        {book.loadFailed && <RetryButton onRetry={book.retry} />}
      </PanelBody>
      <ConfirmDeleteDialog actor={book.deleteQuestion} messageKey="addresses.confirmDeleteMethod" confirmKey="addresses.deleteMethod" keepKey="addresses.keepMethod" />
    </Panel>
  );
}
