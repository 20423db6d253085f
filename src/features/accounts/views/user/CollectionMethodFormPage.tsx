import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { CollectionMethod } from '../../../../../domain/userCentre';
import { collectionMethodSchema, type CollectionMethodValues } from '../../../../../domain/validation';
import { Button } from '../../../../app/ui/Button';
import { Muted, PageTitle } from '../../../../app/ui/Panel';
import { FormField, FormRefusal } from '../../../../kit/auth/AuthForm';
import { FormCard } from './FormCard';
import { useRecordBookFlow } from '../../accounts.hooks';

const BLANK: CollectionMethodValues = { real_name: '', card_number: '', bank_name: '', currency: '', branch: '' };

/** /user/addCollAddr and /user/editCollAddr/:id — the book machine leaves for the list after a save. */
export function CollectionMethodFormPage(props: { mode: 'add' | 'edit' }) {
  const { t } = useTranslation();
  const params = useParams();
  const book = useRecordBookFlow('collectionMethods');
  const id = props.mode === 'edit' ? Number(params.id) : undefined;
  const existing = (book.records as unknown as CollectionMethod[]).find((r) => r.id === id);
  const title = props.mode === 'add' ? 'page.addCollAddr.title' : 'page.editCollAddr.title';
  if (props.mode === 'edit' && !existing) {
    return (
      <FormCard>
        <PageTitle>{t(title)}</PageTitle>
        <Muted>{book.loading ? t('common.loading') : t('addresses.methodMissing')}</Muted>
      </FormCard>
    );
  }
  const initial = existing ? { real_name: existing.real_name, card_number: existing.card_number, bank_name: existing.bank_name, currency: existing.currency, branch: existing.branch } : BLANK;
  return (
    <FormCard>
      <PageTitle>{t(title)}</PageTitle>
      <Muted style={{ marginBottom: 14 }}>{t('page.collAddr.intro')}</Muted>
      <Formik<CollectionMethodValues>
        initialValues={initial}
        validationSchema={collectionMethodSchema}
        onSubmit={(v) =>
          book.save({ real_name: v.real_name.trim(), card_number: v.card_number.trim(), bank_name: v.bank_name.trim(), currency: (v.currency ?? '').trim(), branch: (v.branch ?? '').trim() }, id)
        }
      >
        {/* A change to any field takes away the refusal above the buttons (issue 50 S3). */}
        <Form noValidate onChange={book.edit}>
          <FormField name="real_name" labelKey="addresses.realName" />
          <FormField name="card_number" labelKey="addresses.cardNumber" />
          <div className="row">
            <FormField name="bank_name" labelKey="col.bankName" />
            <FormField name="currency" labelKey="addresses.currencyName" />
          </div>
          <FormField name="branch" labelKey="addresses.branch" />
          <FormRefusal refusal={book.refusal} testId="collection-method-refusal" />
          <span style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
            <Button type="submit" disabled={book.saving}>
              {t('settings.save')}
            </Button>
            <Link to="/user/c-collAddr">{t('addresses.backToList')}</Link>
          </span>
        </Form>
      </Formik>
    </FormCard>
  );
}
