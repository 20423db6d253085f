import { useTranslation } from 'react-i18next';
import type { NoteType } from '../../../../../domain/api';
import { LOCALE_CODES } from '../../../../../domain/languages';
import type { OperatorNotice, OperatorPlatNote } from '../../../../../domain/notices';
import { Badge } from '../../../../app/ui/Badge';
import { Button } from '../../../../app/ui/Button';
import { DataTable } from '../../../../app/ui/DataTable';
import { DateTime } from '../../../../app/ui/DateTime';
import { PageTitle, Panel, PanelBody } from '../../../../app/ui/Panel';
import { RetryTable } from '../../../../app/ui/RetryButton';
import { useNoticesDesk } from '../../support.hooks';
import { NoticeEditorForm } from './NoticeEditorForm';

/** Each platform note's name (the footer's links). */
function NoteName(props: { type: NoteType }) {
  const { t } = useTranslation();
  switch (props.type) {
    case 1:
      return <>{t('footer.agreement')}</>;
    case 2:
      return <>{t('footer.privacy')}</>;
    case 3:
      return <>{t('footer.guide')}</>;
    case 4:
      return <>{t('footer.legal')}</>;
    case 5:
      return <>{t('footer.about')}</>;
  }
}

/** How many of the nine languages a text set has, e.g. "3/9". */
const written = (titles: Partial<Record<string, string>>) => `${LOCALE_CODES.filter((l) => titles[l]).length}/${LOCALE_CODES.length}`;

/**
 * The console's notices desk (issue 51 §5): announcements (write, preview, publish, unpublish)
 * and the five platform notes, each in the nine display languages. The server checks
 * notices.write on every change; an auditor reads.
 */
export function NoticesDesk() {
  const { t } = useTranslation();
  const desk = useNoticesDesk();
  const editor = desk.editor;
  const busy = desk.switching || desk.loading;
  return (
    <Panel>
      <PanelBody>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <PageTitle>{t('noticesDesk.title')}</PageTitle>
          {!editor && (
            <Button $small $variant="primary" onClick={desk.create}>
              {t('noticesDesk.new')}
            </Button>
          )}
        </div>
        {editor && (
          <>
            <h2 style={{ fontSize: 14 }}>
              {editor.target.kind === 'note' ? <NoteName type={editor.target.type} /> : editor.target.id === undefined ? t('noticesDesk.newNotice') : t('noticesDesk.editing', { id: editor.target.id })}
            </h2>
            <NoticeEditorForm
              editor={editor}
              problem={desk.problem}
              saving={desk.saving}
              onTab={desk.tab}
              onTitle={desk.title}
              onBody={desk.body}
              onPreview={desk.togglePreview}
              onSave={desk.save}
              onCancel={desk.cancel}
            />
          </>
        )}
        <RetryTable<OperatorNotice>
          failed={desk.failed}
          onRetry={desk.retry}
          loading={desk.loading}
          label={t('noticesDesk.title')}
          rows={desk.notices}
          emptyKey="noticesDesk.empty"
          columns={[
            { key: 'noticesDesk.col.title', render: (r) => r.titles.en_US ?? '' },
            { key: 'noticesDesk.col.languages', render: (r) => <span className="num">{written(r.titles)}</span> },
            {
              key: 'noticesDesk.col.status',
              render: (r) => (r.published ? <Badge $tone="up">{t('noticesDesk.status.published')}</Badge> : <Badge>{t('noticesDesk.status.draft')}</Badge>),
            },
            { key: 'noticesDesk.col.updated', render: (r) => <DateTime at={r.updated_at} /> },
            {
              key: 'noticesDesk.col.actions',
              align: 'right',
              render: (r) => (
                <span style={{ display: 'inline-flex', gap: 6 }}>
                  <Button $small $variant="ghost" disabled={Boolean(editor)} onClick={() => desk.editNotice(r.id)}>
                    {t('noticesDesk.edit')}
                  </Button>
                  {r.published ? (
                    <Button $small $variant="ghost" disabled={busy || Boolean(editor)} onClick={() => desk.unpublish(r.id)}>
                      {t('noticesDesk.unpublish')}
                    </Button>
                  ) : (
                    <Button $small $variant="primary" disabled={busy || Boolean(editor)} onClick={() => desk.publish(r.id)}>
                      {t('noticesDesk.publish')}
                    </Button>
                  )}
                </span>
              ),
            },
          ]}
        />
        <PageTitle as="h2" style={{ marginTop: 20 }}>
          {t('noticesDesk.notesTitle')}
        </PageTitle>
        <DataTable<OperatorPlatNote>
          label={t('noticesDesk.notesTitle')}
          rows={desk.notes}
          rowKey={(r) => String(r.type)}
          emptyKey={desk.loading ? 'common.loading' : 'noticesDesk.empty'}
          columns={[
            { key: 'noticesDesk.col.note', render: (r) => <NoteName type={r.type} /> },
            { key: 'noticesDesk.col.title', render: (r) => r.titles.en_US ?? '' },
            { key: 'noticesDesk.col.languages', render: (r) => <span className="num">{written(r.titles)}</span> },
            {
              key: 'noticesDesk.col.actions',
              align: 'right',
              render: (r) => (
                <Button $small $variant="ghost" disabled={Boolean(editor)} onClick={() => desk.editNote(r.type)}>
                  {t('noticesDesk.edit')}
                </Button>
              ),
            },
          ]}
        />
      </PanelBody>
    </Panel>
  );
}
