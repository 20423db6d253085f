import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../../app/ui/RetryButton';
import { PageTitle, Panel, PanelBody } from '../../../app/ui/Panel';
import { TitleRow } from '../../../app/ui/TitledPanel';
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
        <TitleRow $wrap>
          <PageTitle>{t(props.titleKey)}</PageTitle>
          <Steps aria-label={t('fiat.steps')}>
            {props.steps.map((key, i) => (
              <li key={key} aria-current={i === props.stepIndex ? 'step' : undefined} className={i < props.stepIndex ? 'done' : undefined}>
                {i + 1}. {t(key)}
              </li>
            ))}
          </Steps>
        </TitleRow>
        {props.loading && <p className="dim">{t('common.loading')}</p>}
        <RetryAlert failed={props.failed} onRetry={props.onRetry} />
      </PanelBody>
    </Panel>
  );
}
