import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { DEFAULT_LANGUAGE, LANGUAGES, type LocaleCode } from '../../../../../domain/languages';
import { Segmented } from '../../../../app/ui/Segmented';
import type { FormProblem } from '../../machines/icoDesk/icoDesk.machine';

// Nine languages do not fit a phone's width: the strip scrolls inside itself, never the page.
const Tabs = styled(Segmented)`
  align-self: flex-start;
  max-width: 100%;
  overflow-x: auto;
  .written { margin-left: 4px; }
`;

const Note = styled.span<{ $problem?: boolean }>`
  font-size: 11px;
  color: ${({ theme, $problem }) => ($problem ? theme.color.down : theme.color.textFaint)};
`;

const PANEL_ID = 'ico-desk-description';

/**
 * The project's description, one language at a time (tabs; a ✓ on each language written). The
 * default language is required; a language left empty shows readers the default's text, marked.
 * Which tab is open is presentation state; the texts live in the desk machine's form.
 */
export function DescriptionTexts(props: {
  texts: Record<LocaleCode, string>;
  problem: FormProblem | undefined;
  onChange: (lang: LocaleCode, value: string) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<LocaleCode>(DEFAULT_LANGUAGE.lang);
  const language = LANGUAGES.find((l) => l.lang === open)!;
  const isDefault = open === DEFAULT_LANGUAGE.lang;
  const missing = props.problem?.field === 'description';
  return (
    <div className="wide" style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <Tabs role="tablist" aria-label={t('ico.desk.languages')}>
        {LANGUAGES.map((l) => {
          const written = props.texts[l.lang].trim() !== '';
          return (
            <button
              key={l.lang}
              type="button"
              role="tab"
              aria-selected={l.lang === open}
              aria-controls={PANEL_ID}
              aria-label={written ? `${l.name} (${t('ico.desk.textWritten')})` : l.name}
              aria-invalid={missing && l.lang === DEFAULT_LANGUAGE.lang}
              onClick={() => setOpen(l.lang)}
            >
              {l.name}
              {written && <span className="written" aria-hidden>✓</span>}
            </button>
          );
        })}
      </Tabs>
      <div id={PANEL_ID} role="tabpanel" aria-label={language.name}>
        <label>
          {t('ico.desk.field.description')} · {language.name}
          <textarea
            name="description"
            lang={open.replace('_', '-')}
            rows={2}
            value={props.texts[open]}
            aria-invalid={missing && isDefault}
            onChange={(e) => props.onChange(open, e.target.value)}
          />
          <Note>{isDefault ? t('ico.desk.defaultRequired') : t('ico.desk.optionalText')}</Note>
          {missing && (
            <Note $problem role="alert">
              {t(props.problem!.key)}
            </Note>
          )}
        </label>
      </div>
    </div>
  );
}
