import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSessionFlow } from '../../../../app/views/hooks';
import { IdentityBadge } from '../../../../app/layout/IdentityBadge';
import { Button } from '../../../../app/ui/Button';
import { Fact } from '../../../../app/ui/FormRows';
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
        <Fact label={t('settings.avatar')}>
          <Avatar>{profile.avatarUrl ? <img src={profile.avatarUrl} alt={t('settings.avatar')} /> : (user.nickname || user.account).slice(0, 1).toUpperCase()}</Avatar>
          <Link to="/user/c-set">{t('settings.edit')}</Link>
        </Fact>
        <Fact label={t('col.account')}>
          <LongText text={user.account} />
        </Fact>
        <Fact label={t('settings.uid')}>{user.id}</Fact>
        <Fact label={t('settings.nickname')}>
          <LongText text={user.nickname} />
        </Fact>
        <Fact label={user.email ? t('auth.email') : t('settings.phone')}>
          <LongText text={user.email || user.phone} />
        </Fact>
        <Fact label={t('menu.user.identity')}>
          <IdentityBadge status={user.info.name_status} />
        </Fact>
        <Fact label={t('auth.invitationCode')}>
          <code>
            <LongText text={user.invitation_code} />
          </code>
          <Button type="button" $variant="ghost" $small onClick={() => profile.copy(user.invitation_code)}>
            {t('settings.copy')}
          </Button>
        </Fact>
      </InfoList>
    </FormCard>
  );
}
