import { useTranslation } from 'react-i18next';
import { SecurityLevelPanel } from './SecurityLevelPanel';
import { TwoFactorPanel } from './TwoFactorPanel';
import { TextLink } from './FormCard';
import { Muted, PageTitle, Panel, PanelBody } from '../../../../app/ui/Panel';

/** /user/s-securityset: the security level counted from what is really on (issue 35: SecurityLevelPanel). */
export function SecuritySetPage() {
  const { t } = useTranslation();
  return (
    <>
    <Panel>
      <PanelBody>
        <PageTitle>{t('menu.user.securitySettings')}</PageTitle>
        <Muted>{t('page.securitySet.intro')}</Muted>
        <SecurityLevelPanel />
        <p>
          <TextLink to="/user/s-antiphishing">{t('antiPhishing.securityLink')}</TextLink>
        </p>
        <p>
          <TextLink to="/user/s-sessions">{t('sessions.securityLink')}</TextLink>
        </p>
      </PanelBody>
    </Panel>
    <TwoFactorPanel />
    </>
  );
}
