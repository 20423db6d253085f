import { useTranslation } from 'react-i18next';
import { count } from '../../../../../domain/figures';
import type { LiabilitySnapshot } from '../../../../../domain/liabilities';
import { Button } from '../../../../app/ui/Button';
import { DataTable } from '../../../../app/ui/DataTable';
import { DateTime } from '../../../../app/ui/DateTime';
import { Muted, PanelBody } from '../../../../app/ui/Panel';
import { TitledPanel } from '../../../../app/ui/TitledPanel';
import { useLiabilitiesDeskFlow } from '../../liabilities.hooks';
import { Hash, Published, Section, SnapshotRead } from '../parts';

/** The snapshots before the latest, newest first: when, by whom, the root and the users counted (the latest is shown in full above). */
function EarlierSnapshots(props: { snapshots: LiabilitySnapshot[] }) {
  const { t } = useTranslation();
  return (
    <Section>
      <h2>{t('liabilities.deskHistory')}</h2>
      <DataTable
        label={t('liabilities.deskHistory')}
        rows={props.snapshots}
        emptyKey="liabilities.deskHistoryNone"
        columns={[
          { key: 'liabilities.builtAt', render: (s) => <DateTime at={s.built_at} /> },
          { key: 'liabilities.source', render: (s) => (s.source === 'daily' ? t('liabilities.sourceDaily') : t('liabilities.sourceOperator')) },
          { key: 'liabilities.root', render: (s) => <Hash title={s.root}>{`${s.root.slice(0, 16)}…`}</Hash> },
          { key: 'liabilities.leafCount', align: 'right', render: (s) => <span className="num">{count(String(s.leaf_count))}</span> },
        ]}
      />
    </Section>
  );
}

/**
 * The console's proof-of-liabilities desk (`liabilities.read`: finance and the auditor): the latest
 * snapshot in full and the earlier ones; "Build now" only for a role holding `liabilities.build`.
 */
export function LiabilitiesDesk() {
  const { t } = useTranslation();
  const flow = useLiabilitiesDeskFlow();
  return (
    <TitledPanel title={t('liabilities.desk')}>
      <PanelBody>
        <Muted>{t(flow.mayBuild ? 'liabilities.deskIntro' : 'liabilities.deskReadOnly')}</Muted>
        {flow.mayBuild && (
          <p>
            <Button type="button" $variant="primary" onClick={flow.build} disabled={flow.loading || flow.building} data-testid="liabilities-build">
              {flow.building ? t('liabilities.deskBuilding') : t('liabilities.deskBuild')}
            </Button>
          </p>
        )}
        <SnapshotRead flow={flow}>
          {(snapshot) => (
            <>
              <Published snapshot={snapshot} />
              <EarlierSnapshots snapshots={flow.snapshots?.slice(1) ?? []} />
            </>
          )}
        </SnapshotRead>
      </PanelBody>
    </TitledPanel>
  );
}
