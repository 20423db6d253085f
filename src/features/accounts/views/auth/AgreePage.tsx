import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTE_TYPES } from '../../../../../domain/api';
import { Panel, PanelBody } from '../../../../app/ui/Panel';
import { NoticesContext } from '../../../../app/layout/notices.context';

/** /agree: the registration agreement, read from plat_note type 1 through the note machine. */
export function AgreePage() {
  const { t } = useTranslation();
  const { openNote } = NoticesContext.use().useNotes();
  // effect: arriving at /agree opens the shared note popup (a command on the page's arrival, not a value).
  useEffect(() => {
    openNote(NOTE_TYPES.userAgreement);
  }, [openNote]);
  return (
    <Panel>
      <PanelBody>
        <h1 style={{ fontSize: 18 }}>{t('footer.agreement')}</h1>
        <p>{t('page.agree.intro')}</p>
      </PanelBody>
    </Panel>
  );
}
