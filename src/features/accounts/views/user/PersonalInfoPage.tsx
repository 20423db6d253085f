import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSessionFlow } from '../../../../app/views/hooks';
import { IdentityBadge } from '../../../../app/layout/IdentityBadge';
import { Button } from '../../../../app/ui/Button';
import { LongText } from '../../../../app/ui/LongText';
import { Muted, PageTitle } from '../../../../app/ui/Panel';
import { Avatar, FormCard, InfoList } from './FormCard';
import { useProfileFlow } from '../../accounts.hooks';

/** /user/user: account, UID, nickname, avatar, email or phone, identity status, invitation code. */
export function PersonalInfoPage() {
  const { t } = useTranslation();
  const { user } = useSessionFlow();
  const profile = useProfileFlow();
  if (!user) return null;
  return (
    <FormCard>
      <PageTitle>{t('menu.user.info')}</PageTitle>
      <Muted style={{ marginBottom: 14 }}>{t('page.user.intro')}</Muted>
      <InfoList>
        <dt>{t('settings.avatar')}</dt>
        <dd>
          <Avatar>{profile.avatarUrl ? <img src={profile.avatarUrl} alt={t('settings.avatar')} /> : (user.nickname || user.account).slice(0, 1).toUpperCase()}</Avatar>
          <Link to="/user/c-set">{t('settings.edit')}</Link>
        </dd>
        <dt>{t('col.account')}</dt>
        <dd>
          <LongText text={user.account} />
        </dd>
        <dt>{t('settings.uid')}</dt>
        <dd>{user.id}</dd>
        <dt>{t('settings.nickname')}</dt>
        <dd>
          <LongText text={user.nickname} />
        </dd>
        <dt>{user.email ? t('auth.email') : t('settings.phone')}</dt>
        <dd>
          <LongText text={user.email || user.phone} />
        </dd>
        <dt>{t('menu.user.identity')}</dt>
        <dd>
          <IdentityBadge status={user.info.name_status} />
        </dd>
        <dt>{t('auth.invitationCode')}</dt>
        <dd>
          <code>
            <LongText text={user.invitation_code} />
          </code>
          <Button type="button" $variant="ghost" $small onClick={() => profile.copy(user.invitation_code)}>
            {t('settings.copy')}
          </Button>
        </dd>
      </InfoList>
    </FormCard>
  );
}
