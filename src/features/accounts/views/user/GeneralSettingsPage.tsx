import { Form, Formik } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../../../../domain/languages';
import { PRICING_CURRENCIES } from '../../../../../domain/pricingCurrencies';
import { nicknameSchema } from '../../../../../domain/validation';
import { useAppFlow, useSessionFlow } from '../../../../app/views/hooks';
import { Button } from '../../../../app/ui/Button';
import { FilePicker } from '../../../../app/ui/FilePicker';
import { Muted, PageTitle } from '../../../../app/ui/Panel';
import { OptionSelect } from '../../../../app/ui/FormRows';
import { FormField } from '../../../../kit/auth/AuthForm';
import { Avatar, FormCard } from './FormCard';
import { EmailNoticesSection } from './EmailNoticesSection';
import { useProfileFlow } from '../../accounts.hooks';

/** /user/c-set: avatar, nickname (server), display language and pricing currency (client choices), and which notices are emailed (server). */
export function GeneralSettingsPage() {
  const { t } = useTranslation();
  const { user } = useSessionFlow();
  const app = useAppFlow();
  const profile = useProfileFlow();
  const ids = { avatar: useId(), language: useId(), pricing: useId() };
  if (!user) return null;
  return (
    <FormCard>
      <PageTitle>{t('menu.user.generalSettings')}</PageTitle>
      <Muted style={{ marginBottom: 14 }}>{t('page.cSet.intro')}</Muted>
      <div className="field">
        <label htmlFor={ids.avatar} id={`${ids.avatar}-label`}>
          {t('settings.avatar')}
        </label>
        <span className="with-button" style={{ alignItems: 'center', minWidth: 0 }}>
          <Avatar $size={56} style={{ flex: 'none' }}>
            {profile.avatarUrl ? <img src={profile.avatarUrl} alt="" /> : (user.nickname || user.account).slice(0, 1).toUpperCase()}
          </Avatar>
          <FilePicker
            id={ids.avatar}
            accept="image/png,image/jpeg,image/webp"
            disabled={profile.uploading}
            labelledBy={`${ids.avatar}-label`}
            describedBy={`${ids.avatar}-hint`}
            onPick={(file, input) => {
              if (file) profile.uploadAvatar(file);
              // The same file can be picked again (after a refused upload, say).
              input.value = '';
            }}
          />
        </span>
        <small id={`${ids.avatar}-hint`}>{t('settings.avatarHint')}</small>
      </div>
      <Formik initialValues={{ nickname: user.nickname }} validationSchema={nicknameSchema} enableReinitialize onSubmit={(v) => profile.saveNickname(v.nickname.trim())}>
        <Form noValidate>
          <FormField
            name="nickname"
            labelKey="settings.nickname"
            after={
              <Button type="submit" disabled={profile.savingNickname}>
                {t('settings.save')}
              </Button>
            }
          />
        </Form>
      </Formik>
      <div className="row">
        <div className="field">
          <label htmlFor={ids.language}>{t('settings.language')}</label>
          <OptionSelect id={ids.language} value={app.language.lang} options={LANGUAGES.map((l) => l.lang)} labelOf={(lang) => LANGUAGES.find((l) => l.lang === lang)!.name} onChange={app.changeLanguage} />
        </div>
        <div className="field">
          <label htmlFor={ids.pricing}>{t('settings.pricing')}</label>
          <OptionSelect id={ids.pricing} value={app.pricing.name} options={PRICING_CURRENCIES.map((p) => p.name)} labelOf={(name) => `${name} (${PRICING_CURRENCIES.find((p) => p.name === name)!.mark})`} onChange={app.changePricing} />
        </div>
      </div>
      <EmailNoticesSection />
    </FormCard>
  );
}
