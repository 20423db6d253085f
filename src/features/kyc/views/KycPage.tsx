import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PHONE } from '../../../app/theme';
import { identitySchema, type IdentityValues } from '../../../../domain/validation';
import { useKyc } from '../kyc.hooks';
import { IdentityBadge } from '../../../app/layout/IdentityBadge';
import { Button } from '../../../app/ui/Button';
import { Muted, PageTitle, Panel, PanelBody } from '../../../app/ui/Panel';
import { AuthCard, FormField } from '../../../kit/auth/AuthForm';
import { PhotoField } from './PhotoField';

const Photos = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 14px;
  margin-bottom: 16px;
  ${PHONE} { grid-template-columns: minmax(0, 1fr); }
`;

// A link in a note looks like one (issue 37 §16: "Identity entitlements" read as plain text).
const Note = styled.div<{ $tone: 'warn' | 'down' | 'up' }>`
  margin: 12px 0;
  padding: 9px 12px;
  border-left: 3px solid ${({ theme, $tone }) => theme.color[$tone]};
  background: ${({ theme, $tone }) => theme.color[$tone]}14;
  a { color: ${({ theme }) => theme.color.accent}; text-decoration: underline; text-underline-offset: 3px; font-weight: 600; }
`;

// The form reuses the auth card's field styles, without its centred narrow box.
const FormBox = styled(AuthCard)`
  max-width: 640px;
  margin: 12px 0 0;
  ${PHONE} { padding: 16px 14px; }
`;

const EMPTY: IdentityValues = { name: '', id_number: '', front: null, back: null };

/** /user/identity: the form, or the pending / verified state (spec §2, §4). */
export function KycPage() {
  const { t } = useTranslation();
  const flow = useKyc();
  return (
    <Panel>
      <PanelBody>
        <PageTitle>{t('menu.user.identity')}</PageTitle>
        <Muted>{t('page.identity.intro')}</Muted>
        {flow.status !== undefined && (
          <p>
            {t('identity.currentStatus')} <IdentityBadge status={flow.status} />
          </p>
        )}
        {flow.loading && <Muted aria-busy>{t('identity.loading')}</Muted>}
        {flow.loadFailed && (
          <Button type="button" onClick={flow.retry}>
            {t('identity.retry')}
          </Button>
        )}
        {flow.pending && (
          <Note $tone="warn" role="status">
            {t('identity.pendingNote')}{' '}
            <Button type="button" $variant="ghost" $small onClick={flow.reload}>
              {t('identity.checkAgain')}
            </Button>
          </Note>
        )}
        {flow.verified && (
          <Note $tone="up" role="status">
            {t('identity.verifiedNote')} <Link to="/user/identityRight">{t('menu.user.identityRight')}</Link>
          </Note>
        )}
        {flow.editing && (
          <>
            {flow.status === 4 && (
              <Note $tone="down" role="status">
                {t('identity.failedNote', { reason: flow.reason })}
              </Note>
            )}
            <Formik<IdentityValues>
              initialValues={EMPTY}
              validationSchema={identitySchema}
              onSubmit={(values) => flow.submit({ name: values.name.trim(), id_number: values.id_number.trim(), front: values.front!, back: values.back! })}
            >
              <FormBox as={Form} noValidate>
                <FormField name="name" labelKey="identity.name" autoComplete="name" />
                <FormField name="id_number" labelKey="identity.idNumber" />
                <Photos>
                  <PhotoField name="front" labelKey="identity.front" />
                  <PhotoField name="back" labelKey="identity.back" />
                </Photos>
                <Button type="submit" disabled={flow.submitting}>
                  {t(flow.status === 4 ? 'identity.resubmit' : 'identity.submit')}
                </Button>
              </FormBox>
            </Formik>
          </>
        )}
      </PanelBody>
    </Panel>
  );
}
