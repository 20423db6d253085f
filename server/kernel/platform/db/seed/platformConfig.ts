import {
  DEFAULT_ENABLE_PHONE_REGISTER,
  DEFAULT_LEGAL_TRADE,
  DEFAULT_NAME_CHECK,
} from '../../../../../domain/constants.js';
import type { Community, PlatConfig } from '../../../../../domain/api.js';

/** Spec §9 defaults. An operator changes them in platform_config; the seed never overwrites. */
export const SEED_CONFIG: PlatConfig['config'] = {
  download: {
    android_download_url: 'https://openex.example/download/openex.apk',
    ios_download_url: 'https://openex.example/download/ios',
  },
  sys: { enable_phone_register: DEFAULT_ENABLE_PHONE_REGISTER, site_name: 'OpenEx' },
  legal_trade: { ...DEFAULT_LEGAL_TRADE },
  name_check: { ...DEFAULT_NAME_CHECK },
  service_info: { email: 'support@openex.example' },
};

export const SEED_COMMUNITIES: Community[] = [
  { name: 'Telegram', logo: 'telegram', link: 'https://t.me/openex' },
  { name: 'X', logo: 'x', link: 'https://x.com/openex' },
  { name: 'Discord', logo: 'discord', link: 'https://discord.gg/openex' },
  { name: 'GitHub', logo: 'github', link: 'https://github.com/openex/openex' },
];
