import type { LocaleCode } from '../../../src/domain/languages.js';

/** The verification-code email in each display language; {site}, {code} and {minutes} are filled in. */
export const CODE_EMAIL: Record<LocaleCode, { subject: string; body: string }> = {
  en_US: { subject: '{site} verification code: {code}', body: 'Your {site} verification code is {code}. It is valid for {minutes} minutes.\n\nIf you did not ask for it, ignore this message: nothing changes without the code.' },
  ja_JP: { subject: '{site} 認証コード：{code}', body: '{site} の認証コードは {code} です。有効期限は {minutes} 分です。\n\nお心当たりがない場合はこのメールを破棄してください。コードがなければ何も変更されません。' },
  ko_KR: { subject: '{site} 인증 코드: {code}', body: '{site} 인증 코드는 {code}입니다. {minutes}분 동안 유효합니다.\n\n요청하지 않으셨다면 이 메일을 무시하세요. 코드 없이는 아무것도 변경되지 않습니다.' },
  zh_TW: { subject: '{site} 驗證碼：{code}', body: '您的 {site} 驗證碼為 {code}，有效時間 {minutes} 分鐘。\n\n若您未曾索取，請忽略此郵件：沒有驗證碼就不會有任何變更。' },
  ru_RU: { subject: 'Код подтверждения {site}: {code}', body: 'Ваш код подтверждения {site}: {code}. Он действует {minutes} мин.\n\nЕсли вы его не запрашивали, просто проигнорируйте это письмо: без кода ничего не изменится.' },
  tr_TR: { subject: '{site} doğrulama kodu: {code}', body: '{site} doğrulama kodunuz {code}. {minutes} dakika geçerlidir.\n\nBu kodu siz istemediyseniz bu mesajı yok sayın: kod olmadan hiçbir şey değişmez.' },
  fr_FR: { subject: 'Code de vérification {site} : {code}', body: 'Votre code de vérification {site} est {code}. Il est valable {minutes} minutes.\n\nSi vous ne l’avez pas demandé, ignorez ce message : rien ne change sans le code.' },
  es_ES: { subject: 'Código de verificación de {site}: {code}', body: 'Tu código de verificación de {site} es {code}. Es válido durante {minutes} minutos.\n\nSi no lo has solicitado, ignora este mensaje: nada cambia sin el código.' },
  de_DE: { subject: '{site}-Bestätigungscode: {code}', body: 'Ihr {site}-Bestätigungscode lautet {code}. Er ist {minutes} Minuten gültig.\n\nFalls Sie ihn nicht angefordert haben, ignorieren Sie diese Nachricht: ohne den Code ändert sich nichts.' },
};
