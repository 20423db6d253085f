import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { LiabilityProblem } from '../../../../domain/liabilities';
import { Button } from '../../../app/ui/Button';
import { DetailFact, DetailFacts } from '../../../app/ui/DetailFacts';
import { Muted } from '../../../app/ui/Panel';
import { RetryButton } from '../../../app/ui/RetryButton';
import type { useLiabilityProofFlow } from '../liabilities.hooks';
import { BalanceTable, Hash, Section } from './parts';

const PROBLEM_KEYS: Record<LiabilityProblem, string> = {
  leafHash: 'liabilities.problemLeafHash',
  negative: 'liabilities.problemNegative',
  root: 'liabilities.problemRoot',
  totals: 'liabilities.problemTotals',
  malformed: 'liabilities.problemMalformed',
};

const Verdict = styled.p<{ $ok: boolean }>`
  font-weight: 600;
  color: ${({ theme, $ok }) => ($ok ? theme.color.up : theme.color.down)};
`;

const Steps = styled.ol`
  padding-left: 20px;
  li { margin: 4px 0; }
`;

const Actions = styled.div`
  display: flex;
  gap: 12px;
  align-items: center;
  flex-wrap: wrap;
  margin: 14px 0 6px;
`;

/** The signed-in user's leaf, its path to the root, the Verify button and its outcome, and the proof to download. */
export function ProofSection(props: { flow: ReturnType<typeof useLiabilityProofFlow> }) {
  const { t } = useTranslation();
  const { flow } = props;
  const snapshot = flow.snapshot;
  if (!snapshot) return null;
  return (
    <Section data-testid="liabilities-proof">
      <h2>{t('liabilities.yourLeaf')}</h2>
      {flow.proofLoading ? (
        <Muted>{t('common.loading')}</Muted>
      ) : flow.proofFailed ? (
        <Muted role="alert">
          {t('liabilities.proofFailed')} <RetryButton small onRetry={flow.retry} />
        </Muted>
      ) : !flow.proof ? (
        <Muted data-testid="liabilities-not-included">{t('liabilities.notIncluded')}</Muted>
      ) : (
        <>
          <p>
            {t('liabilities.leafText')} {t('liabilities.leafFutures')}
          </p>
          <DetailFacts>
            <DetailFact label={t('liabilities.leafIndex')}>{flow.proof.leaf.index}</DetailFact>
            <DetailFact label={t('liabilities.salt')}>
              <Hash>{flow.proof.leaf.salt}</Hash>
            </DetailFact>
            <DetailFact label={t('liabilities.leafHash')}>
              <Hash>{flow.proof.leaf.hash}</Hash>
            </DetailFact>
          </DetailFacts>
          <BalanceTable currencies={snapshot.currencies} balances={flow.proof.leaf.balances} label={t('liabilities.yourBalances')} />
          <details>
            <summary>{t('liabilities.pathTitle', { steps: flow.proof.path.length })}</summary>
            <Steps>
              {flow.proof.path.map((step, i) => (
                <li key={i}>
                  {step.side === 'left' ? t('liabilities.siblingLeft') : t('liabilities.siblingRight')} <Hash>{step.hash}</Hash>
                </li>
              ))}
            </Steps>
          </details>
          <Actions>
            <Button type="button" $variant="primary" onClick={flow.verify} disabled={flow.verifying} data-testid="liabilities-verify">
              {flow.verifying ? t('liabilities.verifying') : t('liabilities.verify')}
            </Button>
            {flow.download && (
              <a href={flow.download.href} download={flow.download.name}>
                {t('liabilities.download')}
              </a>
            )}
          </Actions>
          {flow.verdict && (
            <div role="status" data-testid="liabilities-verdict">
              <Verdict $ok={flow.verdict.ok}>{flow.verdict.ok ? t('liabilities.verified') : t('liabilities.notVerified')}</Verdict>
              {flow.verdict.problems.map((problem) => (
                <Muted key={problem}>{t(PROBLEM_KEYS[problem])}</Muted>
              ))}
              <DetailFacts>
                <DetailFact label={t('liabilities.recomputedRoot')}>
                  <Hash>{flow.verdict.root || '—'}</Hash>
                </DetailFact>
                <DetailFact label={t('liabilities.publishedRoot')}>
                  <Hash>{snapshot.root}</Hash>
                </DetailFact>
              </DetailFacts>
            </div>
          )}
        </>
      )}
    </Section>
  );
}
