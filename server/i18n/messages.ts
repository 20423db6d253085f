import type { LocaleCode } from '../../src/domain/languages.js';

/** Every `msg` the server sends, in all 9 display languages. Keys are the only thing code names. */
export type MessageKey =
  | 'ok'
  | 'badRequest'
  | 'invalidField'
  | 'unknownPair'
  | 'unknownNoteType'
  | 'notLoggedIn'
  | 'notFound'
  | 'systemError'
  | 'unknownChannel'
  | 'malformedMessage'
  | 'tooManyChannels';

type Catalogue = Record<MessageKey, string>;

const en_US: Catalogue = {
  ok: 'Success',
  badRequest: 'Invalid request',
  invalidField: 'Invalid value: {field}',
  unknownPair: 'Unknown trading pair',
  unknownNoteType: 'Unknown note type',
  notLoggedIn: 'Please log in first',
  notFound: 'Not found',
  systemError: 'System error',
  unknownChannel: 'Unknown channel',
  malformedMessage: 'Malformed message',
  tooManyChannels: 'Too many subscriptions',
};

export const MESSAGES: Record<LocaleCode, Catalogue> = {
  en_US,
  ja_JP: {
    ok: '成功',
    badRequest: '不正なリクエストです',
    invalidField: '不正な値です：{field}',
    unknownPair: '不明な取引ペアです',
    unknownNoteType: '不明な文書タイプです',
    notLoggedIn: '先にログインしてください',
    notFound: '見つかりません',
    systemError: 'システムエラー',
    unknownChannel: '不明なチャンネルです',
    malformedMessage: '不正なメッセージです',
    tooManyChannels: '購読数が多すぎます',
  },
  ko_KR: {
    ok: '성공',
    badRequest: '잘못된 요청입니다',
    invalidField: '잘못된 값: {field}',
    unknownPair: '알 수 없는 거래쌍입니다',
    unknownNoteType: '알 수 없는 문서 유형입니다',
    notLoggedIn: '먼저 로그인하세요',
    notFound: '찾을 수 없습니다',
    systemError: '시스템 오류',
    unknownChannel: '알 수 없는 채널입니다',
    malformedMessage: '잘못된 메시지입니다',
    tooManyChannels: '구독이 너무 많습니다',
  },
  zh_TW: {
    ok: '成功',
    badRequest: '無效的請求',
    invalidField: '無效的值：{field}',
    unknownPair: '未知的交易對',
    unknownNoteType: '未知的文件類型',
    notLoggedIn: '請先登入',
    notFound: '找不到',
    systemError: '系統錯誤',
    unknownChannel: '未知的頻道',
    malformedMessage: '格式錯誤的訊息',
    tooManyChannels: '訂閱數過多',
  },
  ru_RU: {
    ok: 'Успешно',
    badRequest: 'Неверный запрос',
    invalidField: 'Неверное значение: {field}',
    unknownPair: 'Неизвестная торговая пара',
    unknownNoteType: 'Неизвестный тип документа',
    notLoggedIn: 'Сначала войдите в систему',
    notFound: 'Не найдено',
    systemError: 'Системная ошибка',
    unknownChannel: 'Неизвестный канал',
    malformedMessage: 'Некорректное сообщение',
    tooManyChannels: 'Слишком много подписок',
  },
  tr_TR: {
    ok: 'Başarılı',
    badRequest: 'Geçersiz istek',
    invalidField: 'Geçersiz değer: {field}',
    unknownPair: 'Bilinmeyen işlem çifti',
    unknownNoteType: 'Bilinmeyen belge türü',
    notLoggedIn: 'Lütfen önce giriş yapın',
    notFound: 'Bulunamadı',
    systemError: 'Sistem hatası',
    unknownChannel: 'Bilinmeyen kanal',
    malformedMessage: 'Hatalı mesaj',
    tooManyChannels: 'Çok fazla abonelik',
  },
  fr_FR: {
    ok: 'Succès',
    badRequest: 'Requête invalide',
    invalidField: 'Valeur invalide : {field}',
    unknownPair: 'Paire de trading inconnue',
    unknownNoteType: 'Type de document inconnu',
    notLoggedIn: 'Veuillez d’abord vous connecter',
    notFound: 'Introuvable',
    systemError: 'Erreur système',
    unknownChannel: 'Canal inconnu',
    malformedMessage: 'Message mal formé',
    tooManyChannels: 'Trop d’abonnements',
  },
  es_ES: {
    ok: 'Éxito',
    badRequest: 'Solicitud no válida',
    invalidField: 'Valor no válido: {field}',
    unknownPair: 'Par de trading desconocido',
    unknownNoteType: 'Tipo de documento desconocido',
    notLoggedIn: 'Inicie sesión primero',
    notFound: 'No encontrado',
    systemError: 'Error del sistema',
    unknownChannel: 'Canal desconocido',
    malformedMessage: 'Mensaje mal formado',
    tooManyChannels: 'Demasiadas suscripciones',
  },
  de_DE: {
    ok: 'Erfolgreich',
    badRequest: 'Ungültige Anfrage',
    invalidField: 'Ungültiger Wert: {field}',
    unknownPair: 'Unbekanntes Handelspaar',
    unknownNoteType: 'Unbekannter Dokumenttyp',
    notLoggedIn: 'Bitte melden Sie sich zuerst an',
    notFound: 'Nicht gefunden',
    systemError: 'Systemfehler',
    unknownChannel: 'Unbekannter Kanal',
    malformedMessage: 'Fehlerhafte Nachricht',
    tooManyChannels: 'Zu viele Abonnements',
  },
};

export function translate(lang: LocaleCode, key: MessageKey, vars: Record<string, string> = {}): string {
  const template = MESSAGES[lang][key] ?? en_US[key];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => vars[name] ?? '');
}
