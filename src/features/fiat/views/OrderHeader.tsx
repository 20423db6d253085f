import { useTranslation } from 'react-i18next';
import { Button } from '../../../app/ui/Button';
import { PageTitle, Panel, PanelBody } from '../../../app/ui/Panel';
import { Steps } from './fiatStyles';

/**
 * The head of an order page, the buyer's or the seller's: the title, the party's steps with the
 * current one marked, and while the order is read a loading line or a retry.
 */
export function OrderHeader(props: { titleKey: string; steps: readonly string[]; stepIndex: number; loading: boolean; failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Panel>
      <PanelBody>
        <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap', alignItems: 'center' }}>
          <PageTitle>{t(props.titleKey)}</PageTitle>
          <Steps aria-label={t('fiat.steps')}>
            {props.steps.map((key, i) => (
              <li key={key} aria-current={i === props.stepIndex ? 'step' : undefined} className={i < props.stepIndex ? 'done' : undefined}>
                {i + 1}. {t(key)}
              </li>
            ))}
          </Steps>
        </div>
        {props.loading && <p className="dim">{t('common.loading')}</p>}
        {props.failed && (
          <p role="alert">
            <Button $small $variant="ghost" onClick={props.onRetry}>
              {t('common.retry')}
            </Button>
          </p>
        )}
      </PanelBody>
    </Panel>
  );
}
