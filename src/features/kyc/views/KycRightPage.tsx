import { useTranslation } from 'react-i18next';
import { money } from '../../../../domain/figures';
import { identityRights } from '../../../../domain/kyc';
import { useAppFlow, useSessionFlow } from '../../../app/views/hooks';
import { IdentityBadge } from '../../../app/layout/IdentityBadge';
import { DataTable } from '../../../app/ui/DataTable';
import { Muted, PageTitle, Panel, PanelBody } from '../../../app/ui/Panel';

interface Row {
  country: string;
  purchase: string;
  withdraw: string;
  futures: string;
}

/** /user/identityRight: what verification changes (spec §6), from config name_check. */
export function KycRightPage() {
  const { t } = useTranslation();
  const { config } = useAppFlow();
  const { user } = useSessionFlow();
  const status = user?.info.name_status ?? 1;
  const rights = identityRights(status, config?.config.name_check);
  const amount = (n: number) => `${money(String(n), 'USDT')} USDT`;
  const row: Row = {
    // The account's region is not collected yet (no country field on the account); say so plainly.
    country: t('identity.rights.countryUnknown'),
    purchase: t('identity.rights.purchase', { single: amount(rights.purchaseSingle), total: amount(rights.purchaseTotal) }),
    withdraw: amount(rights.withdrawLimit24h),
    futures: t(rights.futuresKey),
  };
  return (
    <Panel>
      <PanelBody>
        <PageTitle>{t('menu.user.identityRight')}</PageTitle>
        <Muted>{t('page.identityRight.intro')}</Muted>
        <p>
          {t('identity.currentStatus')} <IdentityBadge status={status} />
        </p>
        <DataTable<Row>
          label={t('menu.user.identityRight')}
          rowKey={() => 'rights'}
          rows={[row]}
          columns={[
            { key: 'col.country', render: (r) => r.country },
            { key: 'col.purchaseLimit', render: (r) => r.purchase },
            { key: 'col.withdrawLimit', render: (r) => r.withdraw },
            { key: 'col.futuresPermission', render: (r) => r.futures },
          ]}
        />
      </PanelBody>
    </Panel>
  );
}
