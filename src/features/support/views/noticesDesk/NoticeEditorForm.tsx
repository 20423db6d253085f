import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { DEFAULT_LANGUAGE, LANGUAGES, type LocaleCode } from '../../../../../domain/languages';
import { NOTICE_BODY_MAX, NOTICE_TITLE_MAX } from '../../../../../domain/notices';
import { NoteText } from '../../../../app/layout/Footer';
import { Badge } from '../../../../app/ui/Badge';
import { Button } from '../../../../app/ui/Button';
import { LanguageTabs } from '../../../../app/ui/LanguageTabs';
import { previewOf, type EditorProblem, type NoticeEditor } from '../../machines/noticesDesk/noticesDesk.form';

const Form = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  margin: 12px 0;
  label { display: flex; flex-direction: column; gap: 4px; font-size: 12px; color: ${({ theme }) => theme.color.textDim}; }
  input, textarea { font: inherit; padding: 6px 8px; border-radius: 4px; border: 1px solid ${({ theme }) => theme.color.fieldBorder};
    background: ${({ theme }) => theme.color.bg}; color: ${({ theme }) => theme.color.text}; }
`;

const Note = styled.span<{ $problem?: boolean }>`
  font-size: 11px;
  color: ${({ theme, $problem }) => ($problem ? theme.color.down : theme.color.textFaint)};
`;

const Preview = styled.section`
  border: 1px dashed ${({ theme }) => theme.color.border};
  border-radius: 4px;
  padding: 8px 12px;
  overflow-wrap: break-word;
  h3 { margin: 4px 0; }
`;

const PANEL_ID = 'notices-desk-texts';

/** The problem's message (its language and limit filled in). */
function ProblemText(props: { problem: EditorProblem }) {
  const { t } = useTranslation();
  const language = LANGUAGES.find((l) => l.lang === props.problem.lang)!.name;
  switch (props.problem.key) {
    case 'noticesDesk.defaultRequired':
      return <>{t('noticesDesk.defaultRequired')}</>;
    case 'noticesDesk.incomplete':
      return <>{t('noticesDesk.incomplete', { language })}</>;
    case 'noticesDesk.titleTooLong':
      return <>{t('noticesDesk.titleTooLong', { language, max: NOTICE_TITLE_MAX })}</>;
    case 'noticesDesk.bodyTooLong':
      return <>{t('noticesDesk.bodyTooLong', { language, max: NOTICE_BODY_MAX })}</>;
  }
}

/**
 * The editor: one language at a time (a tab per display language, ✓ where written), the title and
 * the text, and a preview of what that language's readers see (English, marked, where it has none).
 * Everything it shows is the desk machine's editor; it only sends events.
 */
export function NoticeEditorForm(props: {
  editor: NoticeEditor;
  problem: EditorProblem | undefined;
  saving: boolean;
  onTab: (lang: LocaleCode) => void;
  onTitle: (value: string) => void;
  onBody: (value: string) => void;
  onPreview: () => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { editor, problem } = props;
  const open = editor.lang;
  const language = LANGUAGES.find((l) => l.lang === open)!;
  const preview = previewOf(editor);
  return (
    <Form aria-label={t('noticesDesk.editor')}>
      <LanguageTabs
        label={t('noticesDesk.languages')}
        open={open}
        panelId={PANEL_ID}
        onOpen={props.onTab}
        tab={(l) => {
          const written = editor.titles[l.lang].trim() !== '' || editor.bodies[l.lang].trim() !== '';
          return {
            label: written ? `${l.name} (${t('noticesDesk.written')})` : l.name,
            invalid: problem?.lang === l.lang,
            marks: written && (
              <span className="mark" aria-hidden>
                ✓
              </span>
            ),
          };
        }}
      />
      <div id={PANEL_ID} role="tabpanel" aria-label={language.name} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
        <label>
          {t('noticesDesk.field.title')} · {language.name}
          <input name="title" lang={open.replace('_', '-')} maxLength={NOTICE_TITLE_MAX} value={editor.titles[open]} aria-invalid={problem?.lang === open} onChange={(e) => props.onTitle(e.target.value)} />
        </label>
        <label>
          {t('noticesDesk.field.body')} · {language.name}
          <textarea name="body" lang={open.replace('_', '-')} rows={8} value={editor.bodies[open]} aria-invalid={problem?.lang === open} onChange={(e) => props.onBody(e.target.value)} />
          <Note>{t('noticesDesk.formatHint')}</Note>
          <Note>{open === DEFAULT_LANGUAGE.lang ? t('noticesDesk.defaultNote') : t('noticesDesk.optionalNote')}</Note>
        </label>
        {problem && (
          <Note $problem role="alert">
            <ProblemText problem={problem} />
          </Note>
        )}
      </div>
      {editor.preview && (
        <Preview aria-label={t('noticesDesk.previewOf', { language: language.name })}>
          <Note>{t('noticesDesk.previewOf', { language: language.name })}</Note>
          <h3>{preview.title}</h3>
          {preview.fallback && <Badge>{t('notices.shownInEnglish')}</Badge>}
          <NoteText content={preview.body} />
        </Preview>
      )}
      <div style={{ display: 'flex', gap: 8 }}>
        <Button $variant="primary" onClick={props.onSave} disabled={props.saving}>
          {t('noticesDesk.save')}
        </Button>
        <Button $variant="ghost" onClick={props.onPreview}>
          {editor.preview ? t('noticesDesk.hidePreview') : t('noticesDesk.preview')}
        </Button>
        <Button $variant="ghost" onClick={props.onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </Form>
  );
}
