import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { PlatConfig } from '../../../domain/api';
import { QR_SIZES } from '../../../domain/constants';
import { QrCode } from './QrCode';

const Row = styled.div`
  display: flex;
  gap: 18px;
  padding: 4px;
  figure { margin: 0; text-align: center; font-size: 12px; color: ${({ theme }) => theme.color.textDim}; }
  svg { background: #fff; padding: 6px; border-radius: 4px; display: block; margin-bottom: 6px; }
`;

/** Android and iPhone download QR codes (size 110, spec §9) from config download URLs. */
export function AppQrCodes(props: { download: PlatConfig['config']['download'] }) {
  const { t } = useTranslation();
  return (
    <Row>
      <figure>
        <QrCode value={props.download.android_download_url} size={QR_SIZES.small} />
        {t('footer.android')}
      </figure>
      <figure>
        <QrCode value={props.download.ios_download_url} size={QR_SIZES.small} />
        {t('footer.iphone')}
      </figure>
    </Row>
  );
}
