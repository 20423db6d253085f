import type { LocaleCode } from '../../../src/domain/languages.js';

import { NOTIFICATION_KINDS, type NotificationKind } from '../../../src/domain/informHelp.js';

export { NOTIFICATION_KINDS, type NotificationKind };

interface Text {
  title: string;
  body: string;
}
type Catalogue = Record<NotificationKind, Text>;

/**
 * Notification texts in the 9 display languages. Placeholders: login_new_device {device} {ip};
 * kyc_rejected {reason}; deposit_credited {quantity} {currency} {network}; withdrawal_completed
 * {quantity} {currency} {network} {address}; withdrawal_failed {quantity} {currency} {network}
 * {reason}. They are filled at read time, so stored rows never hold rendered text.
 */
const en_US: Catalogue = {
  welcome: { title: 'Welcome to OpenEx', body: 'Your account is ready. Complete identity verification to raise your limits and unlock futures trading.' },
  login_new_device: { title: 'Sign-in from a new device', body: 'Your account was signed in from {device} ({ip}). If this was not you, reset your password now.' },
  password_changed: { title: 'Login password changed', body: 'Your login password was changed and all sessions were signed out. If this was not you, contact support.' },
  kyc_submitted: { title: 'Identity verification submitted', body: 'Your documents were received and are awaiting review.' },
  kyc_approved: { title: 'Identity verified', body: 'Your identity verification was approved. Higher limits and futures trading are now available.' },
  kyc_rejected: { title: 'Identity verification failed', body: 'Your identity verification was not approved. {reason}' },
  deposit_credited: { title: 'Deposit credited', body: '{quantity} {currency} ({network}) has been credited to your spot account.' },
  withdrawal_completed: { title: 'Withdrawal completed', body: '{quantity} {currency} ({network}) was sent to {address}.' },
  withdrawal_failed: { title: 'Withdrawal failed', body: 'Your withdrawal of {quantity} {currency} ({network}) was not released and the funds are back in your spot account. Reason: {reason}' },
};

export const NOTIFICATION_TEXTS: Record<LocaleCode, Catalogue> = {
  en_US,
  ja_JP: {
    welcome: { title: 'OpenExへようこそ', body: 'アカウントの準備ができました。本人確認を完了すると上限額が引き上げられ、先物取引が利用できます。' },
    login_new_device: { title: '新しい端末からのログイン', body: '{device}（{ip}）からアカウントにログインがありました。心当たりがない場合は、すぐにパスワードを再設定してください。' },
    password_changed: { title: 'ログインパスワードが変更されました', body: 'ログインパスワードが変更され、すべてのセッションがログアウトされました。心当たりがない場合はサポートにご連絡ください。' },
    kyc_submitted: { title: '本人確認を提出しました', body: '書類を受け付けました。審査をお待ちください。' },
    kyc_approved: { title: '本人確認が完了しました', body: '本人確認が承認されました。より高い上限額と先物取引をご利用いただけます。' },
    kyc_rejected: { title: '本人確認が承認されませんでした', body: '本人確認は承認されませんでした。{reason}' },
    deposit_credited: { title: '入金が反映されました', body: '{quantity} {currency}（{network}）が現物アカウントに入金されました。' },
    withdrawal_completed: { title: '出金が完了しました', body: '{quantity} {currency}（{network}）を{address}へ送金しました。' },
    withdrawal_failed: { title: '出金に失敗しました', body: '{quantity} {currency}（{network}）の出金は実行されず、資金は現物アカウントに戻りました。理由：{reason}' },
  },
  ko_KR: {
    welcome: { title: 'OpenEx에 오신 것을 환영합니다', body: '계정이 준비되었습니다. 신원 인증을 완료하면 한도가 늘어나고 선물 거래를 이용할 수 있습니다.' },
    login_new_device: { title: '새 기기에서 로그인', body: '{device}({ip})에서 계정에 로그인했습니다. 본인이 아니라면 지금 비밀번호를 재설정하세요.' },
    password_changed: { title: '로그인 비밀번호 변경됨', body: '로그인 비밀번호가 변경되어 모든 세션이 로그아웃되었습니다. 본인이 아니라면 고객지원에 문의하세요.' },
    kyc_submitted: { title: '신원 인증 제출됨', body: '서류가 접수되어 심사를 기다리고 있습니다.' },
    kyc_approved: { title: '신원 인증 완료', body: '신원 인증이 승인되었습니다. 더 높은 한도와 선물 거래를 이용할 수 있습니다.' },
    kyc_rejected: { title: '신원 인증 실패', body: '신원 인증이 승인되지 않았습니다. {reason}' },
    deposit_credited: { title: '입금 완료', body: '{quantity} {currency}({network})이(가) 현물 계정에 입금되었습니다.' },
    withdrawal_completed: { title: '출금 완료', body: '{quantity} {currency}({network})이(가) {address}(으)로 전송되었습니다.' },
    withdrawal_failed: { title: '출금 실패', body: '{quantity} {currency}({network}) 출금이 처리되지 않아 자금이 현물 계정으로 반환되었습니다. 사유: {reason}' },
  },
  zh_TW: {
    welcome: { title: '歡迎來到 OpenEx', body: '您的帳戶已就緒。完成身份認證即可提高限額並開通合約交易。' },
    login_new_device: { title: '新裝置登入', body: '您的帳戶已從 {device}（{ip}）登入。若非本人操作，請立即重設密碼。' },
    password_changed: { title: '登入密碼已變更', body: '您的登入密碼已變更，所有工作階段均已登出。若非本人操作，請聯絡客服。' },
    kyc_submitted: { title: '身份認證已提交', body: '我們已收到您的資料，正在等待審核。' },
    kyc_approved: { title: '身份認證已通過', body: '您的身份認證已通過，現在可使用更高限額及合約交易。' },
    kyc_rejected: { title: '身份認證未通過', body: '您的身份認證未獲通過。{reason}' },
    deposit_credited: { title: '充值已到帳', body: '{quantity} {currency}（{network}）已存入您的現貨帳戶。' },
    withdrawal_completed: { title: '提幣已完成', body: '{quantity} {currency}（{network}）已發送至 {address}。' },
    withdrawal_failed: { title: '提幣失敗', body: '您提取 {quantity} {currency}（{network}）的申請未獲放行，資金已退回現貨帳戶。原因：{reason}' },
  },
  ru_RU: {
    welcome: { title: 'Добро пожаловать в OpenEx', body: 'Ваш аккаунт готов. Пройдите проверку личности, чтобы повысить лимиты и открыть торговлю фьючерсами.' },
    login_new_device: { title: 'Вход с нового устройства', body: 'В ваш аккаунт выполнен вход с {device} ({ip}). Если это были не вы, сразу смените пароль.' },
    password_changed: { title: 'Пароль для входа изменён', body: 'Пароль для входа изменён, все сеансы завершены. Если это были не вы, обратитесь в поддержку.' },
    kyc_submitted: { title: 'Проверка личности отправлена', body: 'Документы получены и ожидают проверки.' },
    kyc_approved: { title: 'Личность подтверждена', body: 'Проверка личности одобрена. Теперь доступны повышенные лимиты и торговля фьючерсами.' },
    kyc_rejected: { title: 'Проверка личности не пройдена', body: 'Проверка личности не одобрена. {reason}' },
    deposit_credited: { title: 'Депозит зачислен', body: '{quantity} {currency} ({network}) зачислено на ваш спотовый счёт.' },
    withdrawal_completed: { title: 'Вывод завершён', body: '{quantity} {currency} ({network}) отправлено на адрес {address}.' },
    withdrawal_failed: { title: 'Вывод не выполнен', body: 'Вывод {quantity} {currency} ({network}) не был выполнен, средства возвращены на спотовый счёт. Причина: {reason}' },
  },
  tr_TR: {
    welcome: { title: "OpenEx'e hoş geldiniz", body: 'Hesabınız hazır. Limitlerinizi yükseltmek ve vadeli işlemleri açmak için kimlik doğrulamasını tamamlayın.' },
    login_new_device: { title: 'Yeni cihazdan giriş', body: 'Hesabınıza {device} ({ip}) üzerinden giriş yapıldı. Bu siz değilseniz şifrenizi hemen sıfırlayın.' },
    password_changed: { title: 'Giriş şifresi değiştirildi', body: 'Giriş şifreniz değiştirildi ve tüm oturumlar kapatıldı. Bu siz değilseniz destek ekibiyle iletişime geçin.' },
    kyc_submitted: { title: 'Kimlik doğrulaması gönderildi', body: 'Belgeleriniz alındı ve inceleme bekliyor.' },
    kyc_approved: { title: 'Kimlik doğrulandı', body: 'Kimlik doğrulamanız onaylandı. Daha yüksek limitler ve vadeli işlemler artık kullanılabilir.' },
    kyc_rejected: { title: 'Kimlik doğrulaması başarısız', body: 'Kimlik doğrulamanız onaylanmadı. {reason}' },
    deposit_credited: { title: 'Yatırma hesaba geçti', body: '{quantity} {currency} ({network}) spot hesabınıza yatırıldı.' },
    withdrawal_completed: { title: 'Çekim tamamlandı', body: '{quantity} {currency} ({network}) {address} adresine gönderildi.' },
    withdrawal_failed: { title: 'Çekim başarısız', body: '{quantity} {currency} ({network}) çekiminiz gerçekleştirilmedi ve tutar spot hesabınıza iade edildi. Neden: {reason}' },
  },
  fr_FR: {
    welcome: { title: 'Bienvenue sur OpenEx', body: "Votre compte est prêt. Vérifiez votre identité pour relever vos plafonds et accéder aux contrats à terme." },
    login_new_device: { title: 'Connexion depuis un nouvel appareil', body: "Une connexion à votre compte a eu lieu depuis {device} ({ip}). Si ce n'était pas vous, réinitialisez votre mot de passe." },
    password_changed: { title: 'Mot de passe modifié', body: "Votre mot de passe de connexion a été modifié et toutes les sessions ont été fermées. Si ce n'était pas vous, contactez le support." },
    kyc_submitted: { title: "Vérification d'identité envoyée", body: 'Vos documents ont été reçus et sont en attente de vérification.' },
    kyc_approved: { title: 'Identité vérifiée', body: "Votre vérification d'identité est approuvée. Des plafonds plus élevés et les contrats à terme sont disponibles." },
    kyc_rejected: { title: "Vérification d'identité refusée", body: "Votre vérification d'identité n'a pas été approuvée. {reason}" },
    deposit_credited: { title: 'Dépôt crédité', body: '{quantity} {currency} ({network}) a été crédité sur votre compte spot.' },
    withdrawal_completed: { title: 'Retrait effectué', body: '{quantity} {currency} ({network}) a été envoyé à {address}.' },
    withdrawal_failed: { title: 'Échec du retrait', body: "Votre retrait de {quantity} {currency} ({network}) n'a pas été effectué et les fonds sont revenus sur votre compte spot. Motif : {reason}" },
  },
  es_ES: {
    welcome: { title: 'Bienvenido a OpenEx', body: 'Tu cuenta está lista. Completa la verificación de identidad para aumentar tus límites y operar con futuros.' },
    login_new_device: { title: 'Inicio de sesión desde un dispositivo nuevo', body: 'Se inició sesión en tu cuenta desde {device} ({ip}). Si no fuiste tú, restablece tu contraseña ahora.' },
    password_changed: { title: 'Contraseña de acceso cambiada', body: 'Tu contraseña de acceso se cambió y se cerraron todas las sesiones. Si no fuiste tú, contacta con soporte.' },
    kyc_submitted: { title: 'Verificación de identidad enviada', body: 'Hemos recibido tus documentos y están pendientes de revisión.' },
    kyc_approved: { title: 'Identidad verificada', body: 'Tu verificación de identidad fue aprobada. Ya tienes límites más altos y acceso a futuros.' },
    kyc_rejected: { title: 'Verificación de identidad rechazada', body: 'Tu verificación de identidad no fue aprobada. {reason}' },
    deposit_credited: { title: 'Depósito acreditado', body: 'Se han acreditado {quantity} {currency} ({network}) en tu cuenta spot.' },
    withdrawal_completed: { title: 'Retiro completado', body: 'Se enviaron {quantity} {currency} ({network}) a {address}.' },
    withdrawal_failed: { title: 'Retiro fallido', body: 'Tu retiro de {quantity} {currency} ({network}) no se realizó y los fondos volvieron a tu cuenta spot. Motivo: {reason}' },
  },
  de_DE: {
    welcome: { title: 'Willkommen bei OpenEx', body: 'Ihr Konto ist bereit. Schließen Sie die Identitätsprüfung ab, um höhere Limits und den Futures-Handel freizuschalten.' },
    login_new_device: { title: 'Anmeldung von einem neuen Gerät', body: 'Ihr Konto wurde von {device} ({ip}) angemeldet. Wenn Sie das nicht waren, setzen Sie Ihr Passwort sofort zurück.' },
    password_changed: { title: 'Anmeldepasswort geändert', body: 'Ihr Anmeldepasswort wurde geändert und alle Sitzungen wurden beendet. Wenn Sie das nicht waren, wenden Sie sich an den Support.' },
    kyc_submitted: { title: 'Identitätsprüfung eingereicht', body: 'Ihre Unterlagen sind eingegangen und werden geprüft.' },
    kyc_approved: { title: 'Identität bestätigt', body: 'Ihre Identitätsprüfung wurde genehmigt. Höhere Limits und der Futures-Handel sind jetzt verfügbar.' },
    kyc_rejected: { title: 'Identitätsprüfung abgelehnt', body: 'Ihre Identitätsprüfung wurde nicht genehmigt. {reason}' },
    deposit_credited: { title: 'Einzahlung gutgeschrieben', body: '{quantity} {currency} ({network}) wurden Ihrem Spot-Konto gutgeschrieben.' },
    withdrawal_completed: { title: 'Auszahlung abgeschlossen', body: '{quantity} {currency} ({network}) wurden an {address} gesendet.' },
    withdrawal_failed: { title: 'Auszahlung fehlgeschlagen', body: 'Ihre Auszahlung von {quantity} {currency} ({network}) wurde nicht ausgeführt; der Betrag ist wieder auf Ihrem Spot-Konto. Grund: {reason}' },
  },
};

/** Renders a stored notification in `lang`; unknown parameters become empty, so a template never leaks braces. */
export function renderNotification(lang: LocaleCode, kind: NotificationKind, params: Record<string, string>): Text {
  const text = NOTIFICATION_TEXTS[lang][kind] ?? en_US[kind];
  const fill = (template: string) => template.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '').trim();
  return { title: fill(text.title), body: fill(text.body) };
}
