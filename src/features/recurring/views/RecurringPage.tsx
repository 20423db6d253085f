import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { MAX_LIVE_PLANS } from '../../../../domain/recurring';
import { useAppFlow } from '../../../app/views/hooks';
import { ConfirmActDialog, type ConfirmTexts } from '../../../app/ui/ConfirmDialog';
import { Muted, PageTitle, Panel, PanelBody } from '../../../app/ui/Panel';
import { FailedLine } from '../../../app/ui/RetryButton';
import type { PlanActInput } from '../machines/recurringPlans/recurringPlans.machine';
import { useRecurringPlansFlow } from '../recurring.hooks';
import { pairNamed, spotPairs, symbolOf } from '../recurringRules';
import { PlanForm } from './PlanForm';
import { PlanList } from './PlanList';

const Body = styled(PanelBody)`
  h2 { font-size: 14px; font-weight: 600; margin: 18px 0 6px; }
`;

/**
 * /recurring: a form to buy a spot pair's base currency for a fixed amount of its quote currency
 * every hour, day, week or month, and the user's plans with their totals, Pause or Resume, Cancel
 * (asked first) and their runs. `?symbol=BTC_USDT` (any case) preselects the pair; otherwise the
 * first trading spot pair the app lists.
 */
export function RecurringPage() {
  const { t } = useTranslation();
  const flow = useRecurringPlansFlow();
  const app = useAppFlow();
  const [search] = useSearchParams();
  const pairs = useMemo(() => spotPairs(app.pairs), [app.pairs]);
  const asked = pairNamed(pairs, search.get('symbol') ?? '');
  const initialSymbol = asked ? symbolOf(asked) : pairs[0] ? symbolOf(pairs[0]) : '';
  const live = flow.plans?.filter((p) => p.status !== 'cancelled').length ?? 0;
  // The buttons say what they do: "Keep plan" / "Cancel plan" (issue 50 C3), the question names the pair.
  const cancelTexts = (subject: PlanActInput): ConfirmTexts => ({
    titleKey: 'recurring.cancelTitle',
    questionKey: 'recurring.cancelQuestion',
    params: { pair: flow.plans?.find((p) => p.id === subject.plan_id)?.symbol.replace('_', '/') ?? '' },
    keepKey: 'recurring.keepPlan',
    confirmKey: 'recurring.cancelPlan',
  });
  return (
    <Panel>
      <Body>
        <PageTitle>{t('recurring.title')}</PageTitle>
        <Muted>{t('recurring.intro')}</Muted>
        {/* Keyed by the preselected pair: a link to another pair's plans starts the form afresh. */}
        <PlanForm key={initialSymbol} flow={flow} pairs={pairs} initialSymbol={initialSymbol} />
        <h2>{t('recurring.plans')}</h2>
        {flow.plans && <Muted>{t('recurring.liveCount', { live, max: MAX_LIVE_PLANS })}</Muted>}
        {flow.loadFailed && <FailedLine onRetry={flow.retry}>{t('recurring.failed')}</FailedLine>}
        {flow.plans ? <PlanList plans={flow.plans} pairs={app.pairs} flow={flow} /> : flow.loading && <Muted>{t('common.loading')}</Muted>}
        <ConfirmActDialog actor={flow.cancelQuestion} texts={cancelTexts} />
      </Body>
    </Panel>
  );
}
