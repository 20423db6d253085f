import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { identityRights } from '../../../../domain/kyc';
import { useSessionFlow } from '../../../../app/views/hooks';
import { Badge } from '../../../../app/ui/Badge';
import { Muted, PageTitle, Panel, PanelBody } from '../../../../app/ui/Panel';

/** /user/s-securityset: security level low until identity verification is complete (spec §2). */
export function SecuritySetPage() {
  const { t } = useTranslation();
  const { user } = useSessionFlow();
  const rights = identityRights(user?.info.name_status, undefined);
  return (
    <Panel>
      <PanelBody>
        <PageTitle>{t('menu.user.securitySettings')}</PageTitle>
        <Muted>{t('page.securitySet.intro')}</Muted>
        <p>
          {t('identity.security.level')} <Badge $tone={rights.verified ? 'up' : 'warn'}>{t(rights.securityLevelKey)}</Badge>
        </p>
        {!rights.verified && <Link to="/user/identity">{t('identity.security.verifyNow')}</Link>}
      </PanelBody>
    </Panel>
  );
}
