import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { NOTE_TYPES, type NoteType } from '../../../domain/api';
import { QR_SIZES } from '../../../domain/constants';
import { LanguageSelect } from './preferenceControls';
import { useAppFlow } from '../views/hooks';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { QrCode } from '../ui/QrCode';
import { NoticesContext } from './notices.context';
import { PHONE } from '../theme';
import { phoneTapTarget } from '../ui/tapTarget';

const Foot = styled.footer`
  margin-top: 32px;
  background: ${({ theme }) => theme.color.panel};
  border-top: 1px solid ${({ theme }) => theme.color.border};
  color: ${({ theme }) => theme.color.textDim};
  font-size: 12px;
`;

// On a phone each link of a list is a 25 px tap target (phoneTapTarget): 8 px between the lines keeps them from overlapping.
const Columns = styled.div`
  display: grid;
  grid-template-columns: 1.4fr repeat(3, 1fr) 1.2fr;
  gap: 24px;
  max-width: 1280px;
  margin: 0 auto;
  padding: 24px 16px 12px;
  h4 { margin: 0 0 8px; color: ${({ theme }) => theme.color.text}; font-size: 13px; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 6px; }
  button.link { all: unset; cursor: pointer; }
  button.link:hover, a:hover { color: ${({ theme }) => theme.color.accent}; }
  a, button.link { ${phoneTapTarget} }
  select { background: ${({ theme }) => theme.color.panelRaised}; border: 1px solid ${({ theme }) => theme.color.fieldBorder}; border-radius: 4px; padding: 4px 6px; }
  ${PHONE} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: 18px 16px;
    & > div:first-child { grid-column: 1 / -1; }
    overflow-wrap: anywhere;
    ul { gap: 8px; }
  }
`;

const Copy = styled.div`
  text-align: center;
  padding: 10px 16px 16px;
  border-top: 1px solid ${({ theme }) => theme.color.border};
`;

const LEGAL_LINKS: { type: NoteType; labelKey: string }[] = [
  { type: NOTE_TYPES.legalNotice, labelKey: 'footer.legal' },
  { type: NOTE_TYPES.aboutUs, labelKey: 'footer.about' },
  { type: NOTE_TYPES.userAgreement, labelKey: 'footer.agreement' },
  { type: NOTE_TYPES.privacyPolicy, labelKey: 'footer.privacy' },
];

/** One object for every render, so the memoised code is not drawn again (QrCode.tsx). */
const QR_STYLE = { background: '#fff', padding: 8, borderRadius: 4 } as const;

/** Spec §2 footer: app QR dialogs, help, beginner guide, legal popups, communities, language, copyright. */
export function Footer() {
  const { t } = useTranslation();
  const appFlow = useAppFlow();
  // The platform notes through the shell's notices slot (notices.context.ts), whichever product fills it.
  const noteFlow = NoticesContext.use().useNotes();
  // Which QR dialog is open is presentation only, so it stays in the component.
  const [qr, setQr] = useState<'android' | 'iphone' | undefined>();
  const config = appFlow.config?.config;
  const siteName = config?.sys.site_name ?? 'OpenEx';
  const qrUrl = qr === 'android' ? config?.download.android_download_url : config?.download.ios_download_url;
  return (
    <Foot>
      <Columns>
        <div>
          <h4>{siteName}</h4>
          <p>{t('footer.tagline')}</p>
          {config?.service_info.email && (
            <p>
              {t('footer.contact')}: <a href={`mailto:${config.service_info.email}`}>{config.service_info.email}</a>
            </p>
          )}
        </div>
        <div>
          <h4>{t('footer.download')}</h4>
          <ul>
            <li>
              <button className="link" type="button" onClick={() => setQr('android')}>
                {t('footer.android')}
              </button>
            </li>
            <li>
              <button className="link" type="button" onClick={() => setQr('iphone')}>
                {t('footer.iphone')}
              </button>
            </li>
          </ul>
        </div>
        <div>
          <h4>{t('footer.support')}</h4>
          <ul>
            <li>
              <Link to="/user/helpcenter">{t('menu.user.help')}</Link>
            </li>
            <li>
              <Link to="/fees">{t('footer.fees')}</Link>
            </li>
            <li>
              <button className="link" type="button" onClick={() => noteFlow.openNote(NOTE_TYPES.beginnerGuide)}>
                {t('footer.guide')}
              </button>
            </li>
          </ul>
        </div>
        <div>
          <h4>{t('footer.aboutGroup')}</h4>
          <ul>
            {LEGAL_LINKS.map((l) => (
              <li key={l.type}>
                <button className="link" type="button" onClick={() => noteFlow.openNote(l.type)}>
                  {t(l.labelKey)}
                </button>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h4>{t('footer.community')}</h4>
          <ul>
            {(appFlow.config?.communities ?? []).map((c) => (
              <li key={c.link}>
                <a href={c.link} target="_blank" rel="noreferrer noopener">
                  {c.name}
                </a>
              </li>
            ))}
          </ul>
          <p>
            <label>
              {t('nav.language')}{' '}
              <LanguageSelect labelled={false} />
            </label>
          </p>
        </div>
      </Columns>
      <Copy>{t('footer.copyright', { year: new Date().getFullYear(), name: siteName })}</Copy>
      {qr && qrUrl && (
        <Dialog title={t(qr === 'android' ? 'footer.android' : 'footer.iphone')} onClose={() => setQr(undefined)}>
          <div style={{ display: 'grid', placeItems: 'center', gap: 10 }}>
            <QrCode value={qrUrl} size={QR_SIZES.large} style={QR_STYLE} />
            <span>{t('footer.scan')}</span>
          </div>
        </Dialog>
      )}
      {(noteFlow.open || noteFlow.loading) && (
        <Dialog
          wide
          title={noteFlow.note?.title ?? t('common.loading')}
          onClose={noteFlow.close}
          footer={
            noteFlow.hasAgree && noteFlow.open ? (
              <>
                <Button $variant="ghost" onClick={noteFlow.close}>
                  {t('common.close')}
                </Button>
                <Button onClick={noteFlow.agree}>{t('common.agree')}</Button>
              </>
            ) : (
              <Button $variant="ghost" onClick={noteFlow.close}>
                {t('common.close')}
              </Button>
            )
          }
        >
          {noteFlow.note ? <NoteText content={noteFlow.note.content} /> : t('common.loading')}
        </Dialog>
      )}
    </Foot>
  );
}

/** Notes are plain text: blank-line paragraphs, "## " headings, "- " bullet lists. */
export function NoteText(props: { content: string }) {
  return (
    <div style={{ lineHeight: 1.6 }}>
      {props.content.split(/\n\s*\n/).map((block, i) => {
        if (block.startsWith('## ')) return <h3 key={i} style={{ fontSize: 14, margin: '14px 0 6px' }}>{block.slice(3)}</h3>;
        const lines = block.split('\n');
        if (lines.every((l) => l.startsWith('- '))) {
          return (
            <ul key={i}>
              {lines.map((l, j) => (
                <li key={j}>{l.slice(2)}</li>
              ))}
            </ul>
          );
        }
        return <p key={i}>{block}</p>;
      })}
    </div>
  );
}
