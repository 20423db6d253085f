import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { PageTitle, Panel, PanelBody } from '../../../app/ui/Panel';
import { BuyerView } from './BuyerView';
import { SellerView } from './SellerView';

/**
 * /deal/buy-detail/{id}, buy-confirm/{id} (the buyer: pay, then wait for the seller) and
 * sell-detail/{id} (the seller: wait for payment, confirm receipt). Each page keeps to its step:
 * the buyer's pages follow the order from one to the other, and a party on the other party's page
 * is sent to its own.
 */
export function OrderPage(props: { step: 'detail' | 'confirm' | 'sell' }) {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) {
    return (
      <Panel>
        <PanelBody>
          <PageTitle>{t('fiat.orderMissing')}</PageTitle>
          <Link to="/deal">{t('fiat.backToAds')}</Link>
        </PanelBody>
      </Panel>
    );
  }
  return props.step === 'sell' ? <SellerView orderId={id} /> : <BuyerView orderId={id} step={props.step} />;
}
