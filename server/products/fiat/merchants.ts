import { mulDecimal, toFixedDecimal } from '../../../domain/decimal.js';
import { FIAT_ACCOUNT, type FiatCode } from '../../../domain/fiat.js';
import { luhnValid } from '../../../domain/payeeNumber.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { changeBalance } from '../../kernel/platform/ledger/ledger.js';
import { publishAd } from './ads.js';
import type { FiatService } from './service.js';

/**
 * Liquidity on a fresh start: three merchant accounts with real balances in their `legal`
 * accounts (ledger kind `deposit`, like the market makers' funding), collection methods and buy
 * and sell ads in several fiat currencies. They cannot sign in (no password). The simulator plays
 * their side: a merchant seller confirms receipt, and a merchant buyer marks paid, `delay` ms after
 * the order reached that step. P2P_MERCHANTS=off turns both off.
 */
interface Merchant {
  account: string;
  nickname: string;
  fiats: FiatCode[];
  banks: string[];
  /** The language its ads in a fiat are written in where it is not that market's usual one (TERMS_LANGUAGE_OF_FIAT). */
  termsLanguage?: Partial<Record<FiatCode, TermsLanguage>>;
}

export const MERCHANTS: Merchant[] = [
  { account: 'p2p-atlas@merchants.openex', nickname: 'Atlas OTC', fiats: ['USD', 'EUR', 'GBP'], banks: ['Chase', 'Deutsche Bank', 'Barclays'] },
  { account: 'p2p-sakura@merchants.openex', nickname: 'Sakura Trade', fiats: ['JPY', 'KRW', 'HKD', 'USD'], banks: ['MUFG Bank', 'KB Kookmin', 'HSBC Hong Kong', 'Citibank'] },
  {
    account: 'p2p-bosphorus@merchants.openex',
    nickname: 'Bosphorus Pay',
    fiats: ['TRY', 'RUB', 'EUR', 'USD'],
    banks: ['Ziraat Bankası', 'Tinkoff', 'BNP Paribas', 'Wells Fargo'],
    // Its euro ads are paid at a French bank, to French buyers.
    termsLanguage: { EUR: 'fr' },
  },
];

const FUNDING: Record<string, string> = { USDT: '600000', BTC: '30', ETH: '400' };

/** A made-up Visa-like card number for merchant `index`'s `i`th method, its last digit the Luhn check digit (as a user's must be: domain/payeeNumber.ts). */
export function merchantCard(index: number, i: number): string {
  const body = `${4000 + index * 111 + i}${1000 + i * 37}${2000 + index * 7}${300 + i * 13}`.slice(0, 15);
  const check = [...'0123456789'].find((d) => luhnValid(body + d))!;
  return `${body.slice(0, 4)} ${body.slice(4, 8)} ${body.slice(8, 12)} ${body.slice(12)}${check}`;
}
/**
 * An ad's terms are the merchant's own words, written once, as a real merchant writes them: in the
 * language of the market the ad's fiat is paid in (a yen ad in Japanese, a lira ad in Turkish), not
 * in English for every market. Each says the same: the exact amount, no third-party payments.
 */
const TERMS = {
  en: (n: string) => `${n}: transfer the exact amount; no third-party payments.`,
  de: (n: string) => `${n}: Bitte genau den Betrag überweisen; keine Zahlungen von Dritten.`,
  fr: (n: string) => `${n} : virez le montant exact ; aucun paiement d'un tiers.`,
  ja: (n: string) => `${n}：金額ちょうどをお振り込みください。第三者からのお支払いは受け付けません。`,
  ko: (n: string) => `${n}: 정확한 금액을 송금해 주세요. 제3자 입금은 받지 않습니다.`,
  zh: (n: string) => `${n}：請轉帳準確金額，不接受第三方付款。`,
  tr: (n: string) => `${n}: Lütfen tam tutarı gönderin; üçüncü kişilerden ödeme kabul edilmez.`,
  ru: (n: string) => `${n}: переводите точную сумму; платежи от третьих лиц не принимаются.`,
} as const;
export type TermsLanguage = keyof typeof TERMS;

/** The language a market's merchants usually write in. */
const TERMS_LANGUAGE_OF_FIAT: Record<FiatCode, TermsLanguage> = { USD: 'en', GBP: 'en', EUR: 'de', JPY: 'ja', KRW: 'ko', HKD: 'zh', TRY: 'tr', RUB: 'ru' };

/** The terms `nickname` writes on an ad paid in `fiat`: in `language`, or that market's usual one. */
export function merchantTerms(nickname: string, fiat: FiatCode, language: TermsLanguage = TERMS_LANGUAGE_OF_FIAT[fiat]): string {
  return TERMS[language](nickname);
}

/** Per sell ad: its total; per ad: the order range in USDT, converted to the ad's fiat. */
const AD_TOTAL: Record<string, string> = { USDT: '50000', BTC: '2', ETH: '30' };
const MIN_USDT = '10';
const MAX_USDT = '20000';

/** An amount to its two leading digits, as a merchant would set a limit (20,004 down → 20,000; 13,503 nearest → 14,000). */
function roundFigure(value: string, direction: 'nearest' | 'down'): string {
  const whole = BigInt(toFixedDecimal(value, 0, direction === 'nearest' ? 'half-up' : 'down'));
  const unit = 10n ** BigInt(Math.max(0, whole.toString().length - 2));
  const rounded = direction === 'nearest' ? ((whole + unit / 2n) / unit) * unit : (whole / unit) * unit;
  return String(rounded);
}

export async function ensureMerchants(db: Database, now: number): Promise<number[]> {
  const ids: number[] = [];
  for (const [index, m] of MERCHANTS.entries()) {
    await db.query(`insert into app_user (account, nickname, name_status) values ($1, $2, 3) on conflict (account) do nothing`, [m.account, m.nickname]);
    const [row] = await db.query<{ id: number }>('select id from app_user where account = $1', [m.account]);
    const id = Number(row!.id);
    ids.push(id);
    await db.transaction(async (tx) => {
      const funded = await tx.query(`select 1 from ledger_entry where user_id = $1 and ref_type = 'fiat_merchant_seed' limit 1`, [id]);
      if (funded.length > 0) return;
      for (const [currency, amount] of Object.entries(FUNDING)) {
        await changeBalance(tx, { userId: id, currency, account: FIAT_ACCOUNT, available: amount, frozen: '0', kind: 'deposit', refType: 'fiat_merchant_seed', refId: null });
      }
      for (const [i, fiat] of m.fiats.entries()) {
        const bank = m.banks[i] ?? m.banks[0]!;
        const [method] = await tx.query<{ id: number }>(
          `insert into collection_method (user_id, real_name, card_number, bank_name, currency) values ($1, $2, $3, $4, $5) returning id`,
          [id, m.nickname, merchantCard(index, i), bank, fiat],
        );
        const [rate] = await tx.query<{ price: string }>(`select trim_scale(price)::text as price from fiat_rate where pair = $1`, [`usdt_${fiat.toLowerCase()}`]);
        if (!rate) continue;
        // Limits a merchant would set: round figures in the ad's fiat (20,000 USD, not 20,004).
        const min = roundFigure(mulDecimal(MIN_USDT, rate.price), 'nearest');
        const max = roundFigure(mulDecimal(MAX_USDT, rate.price), 'down');
        for (const crypto of Object.keys(AD_TOTAL)) {
          // Spreads differ per merchant so the lists have a best price.
          const spread = toFixedDecimal(String(0.4 + index * 0.3), 2);
          const common = { crypto, fiat, price_kind: 'margin' as const, total: AD_TOTAL[crypto]!, min_amount: min, max_amount: max, terms: merchantTerms(m.nickname, fiat, m.termsLanguage?.[fiat]) };
          await publishAd(tx, id, { ...common, side: 'sell', margin: spread, method_ids: [Number(method!.id)] }, now);
          await publishAd(tx, id, { ...common, side: 'buy', margin: `-${spread}`, method_ids: [] }, now);
        }
      }
    });
  }
  return ids;
}

/** One pass of the merchants' side: release what buyers paid, pay for what merchants bought. */
export async function simulateMerchants(db: Database, service: FiatService, merchantIds: number[], now: number, delayMs: number): Promise<number> {
  if (merchantIds.length === 0) return 0;
  let steps = 0;
  const toRelease = await db.query<{ id: number; seller_id: number }>(
    `select id, seller_id from fiat_order where status = 'paid' and seller_id = any($1::bigint[]) and paid_ms <= $2 order by id limit 50`,
    [merchantIds, now - delayMs],
  );
  for (const o of toRelease) {
    const r = await service.merchantRelease(Number(o.seller_id), Number(o.id), { key: `fiat.release:sim-${o.id}`, windowMs: undefined });
    if (r.ok) steps++;
  }
  const toPay = await db.query<{ id: number; buyer_id: number }>(
    `select id, buyer_id from fiat_order where status = 'unpaid' and buyer_id = any($1::bigint[]) and created_ms <= $2 order by id limit 50`,
    [merchantIds, now - delayMs],
  );
  for (const o of toPay) {
    const r = await service.markPaid(Number(o.buyer_id), Number(o.id));
    if (r.ok) steps++;
  }
  return steps;
}
