import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Pair } from '../../../../domain/api';
import type { RecurringPlan, RecurringStatus } from '../../../../domain/recurring';
import { Badge } from '../../../app/ui/Badge';
import { Button } from '../../../app/ui/Button';
import { DateTime } from '../../../app/ui/DateTime';
import { DetailFact, DetailFacts } from '../../../app/ui/DetailFacts';
import { Muted } from '../../../app/ui/Panel';
import type { useRecurringPlansFlow } from '../recurring.hooks';
import { planFigures, type PlanFigures } from './planFigures';
import { PlanRuns, RUN_STATUS } from './PlanRuns';
import { FREQUENCY_TEXTS } from './planSchema';

type Flow = ReturnType<typeof useRecurringPlansFlow>;

const STATUS = {
  active: { key: 'recurring.status.active', tone: 'up' },
  paused: { key: 'recurring.status.paused', tone: 'warn' },
  cancelled: { key: 'recurring.status.cancelled', tone: 'dim' },
} as const satisfies Record<RecurringStatus, { key: string; tone: 'up' | 'warn' | 'dim' }>;

// One card a plan: what it buys and its status over its facts, its buttons under them (wrapping on a phone), its runs when open.
const Card = styled.article`
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius};
  padding: 10px 12px;
  margin: 0 0 10px;
  header { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 10px; margin-bottom: 10px; }
  h3 { font-size: 14px; font-weight: 600; margin: 0; }
  .what { color: ${({ theme }) => theme.color.textDim}; font-size: 12px; font-variant-numeric: tabular-nums; }
  dd { font-variant-numeric: tabular-nums; font-weight: 500; }
  .down { color: ${({ theme }) => theme.color.down}; }
  .actions { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 10px; }
  .runs { margin-top: 10px; }
`;

/** The last run: what it bought, or why it failed, with when. */
function LastRun(props: { plan: RecurringPlan; figures: PlanFigures }) {
  const { t } = useTranslation();
  const run = props.plan.last_run;
  if (!run) return <>{t('recurring.noRunYet')}</>;
  return (
    <>
      <span className={run.status === 'failed' ? 'down' : undefined}>
        {run.status === 'bought' ? t('recurring.lastBought', { amount: props.figures.bought(run.bought), currency: props.figures.base }) : `${t(RUN_STATUS.failed.key)}: ${run.reason ?? ''}`}
      </span>{' '}
      · <DateTime at={run.at} />
    </>
  );
}

/** One plan: pair, amount and frequency, status, next buy, its totals and last run; Pause or Resume, Cancel, and its Runs. */
function PlanCard(props: { plan: RecurringPlan; pairs: readonly Pair[]; flow: Flow }) {
  const { t } = useTranslation();
  const { plan, flow } = props;
  const figures = planFigures(props.pairs, plan.symbol);
  const status = STATUS[plan.status];
  const live = plan.status !== 'cancelled';
  const open = flow.runsOf === plan.id;
  const headingId = `recurring-plan-${plan.id}`;
  const action = plan.status === 'active' ? 'pause' : 'resume';
  return (
    <Card aria-labelledby={headingId}>
      <header>
        <h3 id={headingId}>{figures.pairName}</h3>
        <span className="what">
          {figures.amount(plan.amount)} {figures.quote} · {t(FREQUENCY_TEXTS[plan.frequency].name)}
        </span>
        <Badge $tone={status.tone}>{t(status.key)}</Badge>
      </header>
      <DetailFacts>
        {plan.status === 'active' && plan.next_run_at !== null && (
          <DetailFact label={t('recurring.nextBuy')}>
            <DateTime at={plan.next_run_at} />
          </DetailFact>
        )}
        <DetailFact label={t('recurring.runs')}>{plan.runs}</DetailFact>
        <DetailFact label={t('recurring.totalSpent')}>
          {figures.spent(plan.spent)} {figures.quote}
        </DetailFact>
        <DetailFact label={t('recurring.totalBought')}>
          {figures.bought(plan.bought)} {figures.base}
        </DetailFact>
        <DetailFact label={t('recurring.averagePrice')}>
          {figures.price(plan.average_price)} {plan.average_price !== null && figures.quote}
        </DetailFact>
        <DetailFact label={t('recurring.lastRun')}>
          <LastRun plan={plan} figures={figures} />
        </DetailFact>
        {plan.failures_in_a_row > 0 && (
          <DetailFact label={t('recurring.failuresInARow')} className="down">
            {plan.failures_in_a_row}
          </DetailFact>
        )}
      </DetailFacts>
      <div className="actions">
        {live && (
          <Button type="button" $small $variant="ghost" disabled={!flow.canAct} aria-busy={flow.acting === plan.id} onClick={() => flow.act(plan.id, action)}>
            {action === 'pause' ? t('recurring.pause') : t('recurring.resume')}
          </Button>
        )}
        {live && (
          <Button type="button" $small $variant="ghost" disabled={!flow.canAct} onClick={() => flow.cancel(plan.id)}>
            {t('recurring.cancel')}
          </Button>
        )}
        <Button type="button" $small $variant="ghost" aria-expanded={open} onClick={() => flow.toggleRuns(plan.id)}>
          {t('recurring.showRuns')}
        </Button>
      </div>
      {open && <PlanRuns flow={flow} figures={figures} />}
    </Card>
  );
}

/** The user's plans, live ones first as the server sends them, or what says there are none. */
export function PlanList(props: { plans: readonly RecurringPlan[]; pairs: readonly Pair[]; flow: Flow }) {
  const { t } = useTranslation();
  if (props.plans.length === 0) return <Muted>{t('recurring.noPlans')}</Muted>;
  return (
    <>
      {props.plans.map((plan) => (
        <PlanCard key={plan.id} plan={plan} pairs={props.pairs} flow={props.flow} />
      ))}
    </>
  );
}
