import { useTranslation } from 'react-i18next';
import { Button } from '../../../../app/ui/Button';
import { Muted, PanelBody } from '../../../../app/ui/Panel';
import { RetryButton } from '../../../../app/ui/RetryButton';
import { TitledPanel } from '../../../../app/ui/TitledPanel';
import { useLiabilitiesDeskFlow } from '../../liabilities.hooks';
import { Published } from '../parts';

/** The console's proof-of-liabilities desk (finance): the latest snapshot, and "Build now". */
export function LiabilitiesDesk() {
  const { t } = useTranslation();
  const flow = useLiabilitiesDeskFlow();
  return (
    <TitledPanel title={t('liabilities.desk')}>
      <PanelBody>
        <Muted>{t('liabilities.deskIntro')}</Muted>
        <p>
          <Button type="button" $variant="primary" onClick={flow.build} disabled={flow.loading || flow.building} data-testid="liabilities-build">
            {flow.building ? t('liabilities.deskBuilding') : t('liabilities.deskBuild')}
          </Button>
        </p>
        {flow.failed ? (
          <Muted role="alert">
            {t('liabilities.failed')} <RetryButton small onRetry={flow.retry} />
          </Muted>
        ) : flow.loading || flow.snapshot === undefined ? (
          <Muted>{t('common.loading')}</Muted>
        ) : flow.snapshot === null ? (
          <Muted>{t('liabilities.none')}</Muted>
        ) : (
          <Published snapshot={flow.snapshot} />
        )}
      </PanelBody>
    </TitledPanel>
  );
}
