import { useTranslation } from 'react-i18next';
import { NOTE_TYPES } from '../../../../../domain/api';
import { Panel, PanelBody } from '../../../../app/ui/Panel';
import { NoticesContext } from '../../../../app/layout/notices.context';

/** /agree: the registration agreement, read from plat_note type 1 through the note machine. */
export function AgreePage() {
  const { t } = useTranslation();
  // Arriving opens the shared note popup (an actor of this page's lifetime sends the command).
  NoticesContext.use().useNoteOnArrival(NOTE_TYPES.userAgreement);
  return (
    <Panel>
      <PanelBody>
        <h1 style={{ fontSize: 18 }}>{t('footer.agreement')}</h1>
        <p>{t('page.agree.intro')}</p>
      </PanelBody>
    </Panel>
  );
}
