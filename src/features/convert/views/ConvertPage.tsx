import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Muted, PageTitle, Panel, PanelBody } from '../../../app/ui/Panel';
import { useAppFlow } from '../../../app/views/hooks';
import { useConvertFlow } from '../convert.hooks';
import { startingChoice } from '../convertRules';
import { ConvertForm } from './ConvertForm';
import { ConvertHistory } from './ConvertHistory';
import { ConvertOutcome } from './ConvertOutcome';

const Body = styled(PanelBody)`
  h2 { font-size: 14px; font-weight: 600; margin: 18px 0 6px; }
`;

/**
 * /convert: pay one currency for another at a quoted rate. The form (From and its amount, with the
 * spot balance and Max; the swap; To), the quote with its seconds and Convert, the outcome, and
 * the recent conversions. `?from=USDT&to=BTC` preselects the currencies when a spot pair joins them.
 */
export function ConvertPage() {
  const app = useAppFlow();
  const [search] = useSearchParams();
  const from = search.get('from') ?? undefined;
  const to = search.get('to') ?? undefined;
  // The currencies the flow starts on (its input: read once, when the page's actor starts).
  const start = useMemo(() => startingChoice(app.pairs, { from, to }), [app.pairs, from, to]);
  return <ConvertFlowPage key={`${start.from}:${start.to}`} start={start} />;
}

/** The page over one flow; a link to other currencies (another `?from=&to=`) starts a new one. */
function ConvertFlowPage(props: { start: { from: string; to: string } }) {
  const { t } = useTranslation();
  const app = useAppFlow();
  const flow = useConvertFlow(props.start);
  return (
    <Panel>
      <Body>
        <PageTitle>{t('convert.title')}</PageTitle>
        <Muted>{t('convert.intro')}</Muted>
        <ConvertForm flow={flow} pairs={app.pairs} />
        <ConvertOutcome flow={flow} />
        <ConvertHistory flow={flow} />
      </Body>
    </Panel>
  );
}
