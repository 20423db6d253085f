/** Translation key per help category; literal keys so `npm run i18n:check` sees each one used. */
export const HELP_CATEGORY_KEYS: Record<string, string> = {
  account: 'help.category.account',
  security: 'help.category.security',
  funds: 'help.category.funds',
  spot: 'help.category.spot',
  futures: 'help.category.futures',
  seconds: 'help.category.seconds',
  fiat: 'help.category.fiat',
  ico: 'help.category.ico',
};

export const categoryKey = (category: string) => HELP_CATEGORY_KEYS[category] ?? 'help.category.other';
