import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSessionFlow } from '../../../app/views/hooks';
import { PageTitle, Panel, PanelBody } from '../../../app/ui/Panel';
import { useLiabilityProofFlow } from '../liabilities.hooks';
import { Hash, Intro, Published, Section, SnapshotRead } from './parts';
import { ProofSection } from './ProofSection';

/** /liabilities: the published proof of liabilities for everyone, and the signed-in user's own leaf to verify. */
export function LiabilitiesPage() {
  const session = useSessionFlow();
  // One actor per session state: signing in or out reads the page again, with or without the user's leaf.
  return <LiabilitiesView key={session.hasSession ? 'in' : 'out'} signedIn={session.hasSession} />;
}

function LiabilitiesView(props: { signedIn: boolean }) {
  const { t } = useTranslation();
  const flow = useLiabilityProofFlow(props.signedIn);
  return (
    <Panel>
      <PanelBody>
        <PageTitle>{t('liabilities.title')}</PageTitle>
        <Intro>{t('liabilities.intro')}</Intro>
        <SnapshotRead flow={flow}>
          {(snapshot) => (
            <>
              <Published snapshot={snapshot} />
              {props.signedIn ? (
                <ProofSection flow={flow} />
              ) : (
                <Section>
                  <h2>{t('liabilities.yourLeaf')}</h2>
                  <p>
                    {t('liabilities.signInToVerify')} <Link to="/login">{t('liabilities.signIn')}</Link>
                  </p>
                </Section>
              )}
            </>
          )}
        </SnapshotRead>
        <Section>
          <h2>{t('liabilities.offlineTitle')}</h2>
          <p>{t('liabilities.offlineText')}</p>
          <pre>
            <Hash>node scripts/verify-liabilities.mjs openex-liabilities-proof.json</Hash>
          </pre>
        </Section>
        <Section>
          <h2>{t('liabilities.scopeTitle')}</h2>
          <p>{t('liabilities.scopeProves')}</p>
          <p>{t('liabilities.scopeNot')}</p>
        </Section>
      </PanelBody>
    </Panel>
  );
}
