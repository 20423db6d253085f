import { useTranslation } from 'react-i18next';
import { Button } from '../../../../app/ui/Button';
import { Muted, PanelBody } from '../../../../app/ui/Panel';
import { TitledPanel } from '../../../../app/ui/TitledPanel';
import { useLiabilitiesDeskFlow } from '../../liabilities.hooks';
import { Published, SnapshotRead } from '../parts';

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
        <SnapshotRead flow={flow}>{(snapshot) => <Published snapshot={snapshot} />}</SnapshotRead>
      </PanelBody>
    </TitledPanel>
  );
}
