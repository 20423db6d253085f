import type { LocaleCode } from '../../../domain/languages.js';

/**
 * The demo projects' descriptions in every display language (issue 50 M7: a reader in French,
 * Spanish, Korean, Russian or Turkish got the English text marked "Shown in English"). Typed as a
 * full record so a language left out fails to compile; `npm run i18n:check` (scripts/i18n-check.ts)
 * also refuses a demo project whose text is missing, blank or a copy of the English one.
 * Kept apart from demo.ts, which needs the database, so the check can read it alone.
 */
export const DEMO_TEXTS = {
  NOVA: {
    de_DE: 'Eine Abwicklungsschicht für kettenübergreifende Zahlungen.',
    en_US: 'A settlement layer for cross-chain payments.',
    es_ES: 'Una capa de liquidación para pagos entre cadenas.',
    fr_FR: 'Une couche de règlement pour les paiements inter-chaînes.',
    ja_JP: 'クロスチェーン決済のための決済レイヤー。',
    ko_KR: '크로스체인 결제를 위한 정산 레이어.',
    ru_RU: 'Расчётный слой для платежей между блокчейнами.',
    tr_TR: 'Zincirler arası ödemeler için bir takas katmanı.',
    zh_TW: '跨鏈支付的結算層。',
  },
  LUMN: {
    de_DE: 'Dezentraler Speicher mit überprüfbarem Abruf.',
    en_US: 'Decentralised storage with verifiable retrieval.',
    es_ES: 'Almacenamiento descentralizado con recuperación verificable.',
    fr_FR: 'Stockage décentralisé avec récupération vérifiable.',
    ja_JP: '検証可能な取り出しを備えた分散型ストレージ。',
    ko_KR: '검증 가능한 조회를 갖춘 탈중앙화 스토리지.',
    ru_RU: 'Децентрализованное хранилище с проверяемым извлечением данных.',
    tr_TR: 'Doğrulanabilir erişim sunan merkeziyetsiz depolama.',
    zh_TW: '可驗證檢索的去中心化存儲。',
  },
  ORBT: {
    de_DE: 'Der Token für die Spielwirtschaft eines Spielestudios.',
    en_US: 'A game studio’s in-game economy token.',
    es_ES: 'El token de la economía interna de los juegos de un estudio de videojuegos.',
    fr_FR: 'Le jeton de l’économie en jeu d’un studio de jeux vidéo.',
    ja_JP: 'ゲームスタジオのゲーム内経済トークン。',
    ko_KR: '게임 스튜디오의 게임 내 경제 토큰.',
    ru_RU: 'Токен внутриигровой экономики игровой студии.',
    tr_TR: 'Bir oyun stüdyosunun oyun içi ekonomi tokeni.',
    zh_TW: '遊戲工作室的遊戲內經濟代幣。',
  },
} satisfies Record<string, Record<LocaleCode, string>>;

export type DemoSymbol = keyof typeof DEMO_TEXTS;
