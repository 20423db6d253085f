import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Panel, PanelBody } from '../ui/Panel';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Panel>
      <PanelBody>
        <h1 style={{ fontSize: 18 }}>{t('common.notFound')}</h1>
        <Link to="/home">{t('common.backHome')}</Link>
      </PanelBody>
    </Panel>
  );
}
