// Every text the shell itself shows, namespace 'shell'. tw, jp and en are complete
// (checked by shell-texts.test.ts); hi and id carry the frame and fall back to en.
import type { Translations } from '@kabuto/shared-sdk';

export const SHELL_NS = 'shell';

const en = {
  'app.name': 'Kabuto',
  'app.tagline': 'Japanese stocks, honestly',

  'tab.home': 'Home',
  'tab.market': 'Market',
  'tab.trade': 'Trade',
  'tab.news': 'News',
  'tab.mine': 'Profile',
  'nav.main': 'Main menu',

  'header.back': 'Back',
  'header.messages': 'Messages',
  'header.search': 'Search stocks',
  'header.settings': 'Personal centre',
  'header.simulatedTime': 'Simulated time {{time}} JST',

  'title.start': 'Kabuto',
  'title.loading': 'Loading',
  'title.logon': 'Sign in',
  'title.login': 'Sign in',
  'title.register': 'Join as member',
  'title.agreement': 'Terms and privacy',
  'title.previewImage': 'Image',
  'title.notOnWeb': 'Not available',

  'common.loading': 'Loading…',

  'language.label': 'Language',

  'logon.v1': 'Your session has ended. Please sign in again.',
  'logon.v2': 'You are not signed in. Please sign in to continue.',
  'logon.v3': 'You do not have permission to see this page. Contact customer support if you think this is wrong.',
  'logon.default': 'Please sign in to continue.',
  'logon.signIn': 'Sign in',

  'login.account': 'Account (mobile number)',
  'login.accountPlaceholder': '10-digit mobile number',
  'login.password': 'Password',
  'login.passwordPlaceholder': 'Enter your password',
  'login.remember': 'Remember account',
  'login.consentPrefix': 'I have read and agree to the',
  'login.privacyLink': 'privacy agreement',
  'login.consentRequired': 'Please read and accept the privacy agreement.',
  'login.submit': 'Sign in',
  'login.sending': 'Signing in…',
  'login.forgot': 'Forgot password?',
  'login.forgotInfo': 'To reset a forgotten password, please contact customer support.',
  'login.join': 'Join as member',
  'login.version': 'Version {{version}}',

  'register.account': 'Account (mobile number)',
  'register.accountPlaceholder': '10-digit mobile number',
  'register.password': 'Password',
  'register.passwordPlaceholder': 'Choose a password',
  'register.passwordHint': '8 to 20 characters: upper or lower case letters or digits.',
  'register.confirm': 'Confirm password',
  'register.confirmPlaceholder': 'Enter the password again',
  'register.invite': 'Invitation code',
  'register.invitePlaceholder': 'Invitation code',
  'register.acceptPrefix': 'I have read and accept the',
  'register.customerAgreement': 'customer agreement',
  'register.acceptRequired': 'Please read and accept the customer agreement.',
  'register.submit': 'Join',
  'register.sending': 'Sending…',
  'register.haveAccount': 'Already a member? Sign in',

  'agreement.termsTitle': 'Customer agreement',
  'agreement.terms.1':
    'Kabuto is a simulated brokerage. Prices, orders and fills come from a simulated Tokyo Stock Exchange and are labelled as simulated. No order you place here reaches a real exchange.',
  'agreement.terms.2': 'Every yen in your account is recorded in a ledger that you can inspect. Balances change only through recorded postings.',
  'agreement.terms.3':
    'Fees, margin, interest and the rules for deposits and withdrawals are published in the app. A refusal always names the rule and the amount.',
  'agreement.terms.4': 'Trading with leverage can lose more than you put in. Nothing in this app is investment advice.',
  'agreement.terms.5': 'You are responsible for keeping your password secret. We will never ask for it by phone, chat or e-mail.',
  'agreement.privacyTitle': 'Privacy agreement',
  'agreement.privacy.1':
    'We keep your mobile number, the identity documents you submit and your account activity, only to run your account and meet legal duties.',
  'agreement.privacy.2': 'We do not sell your data. We share it only when the law requires it.',
  'agreement.privacy.3': 'This app stores your sign-in token, account and language on this device. Signing out removes the token.',
  'agreement.privacy.4': 'You can ask customer support to see, correct or delete your data.',

  'remote.failed': 'Loading chunk failed',
  'remote.retry': 'Retry',
  'remote.incompatible': 'This section was built for another app version.',
  'remote.incompatibleHint': 'Please try again later, after the app has been updated.',
  'remote.pageMissing': 'This page is not available yet.',

  'preview.alt': 'Preview',
  'preview.missing': 'No image to show.',
  'preview.foreign': 'This image comes from another site and cannot be shown here.',

  'notOnWeb.text': 'This feature is not available on the web.',
} as const;

export type ShellTextKey = keyof typeof en;
type ShellTexts = Record<ShellTextKey, string>;

const tw: ShellTexts = {
  'app.name': 'Kabuto',
  'app.tagline': '誠實的日本股票交易',

  'tab.home': '首頁',
  'tab.market': '行情',
  'tab.trade': '交易',
  'tab.news': '資訊',
  'tab.mine': '我的',
  'nav.main': '主選單',

  'header.back': '返回',
  'header.messages': '站內信',
  'header.search': '搜尋股票',
  'header.settings': '個人中心',
  'header.simulatedTime': '模擬時間 {{time}}（日本時間）',

  'title.start': 'Kabuto',
  'title.loading': '載入中',
  'title.logon': '登入',
  'title.login': '登入',
  'title.register': '註冊會員',
  'title.agreement': '服務條款與隱私政策',
  'title.previewImage': '圖片',
  'title.notOnWeb': '無法使用',

  'common.loading': '載入中…',

  'language.label': '語言',

  'logon.v1': '您的登入已逾時或已結束，請重新登入。',
  'logon.v2': '您尚未登入，請先登入。',
  'logon.v3': '您沒有權限瀏覽此頁面，如有疑問請聯絡客服。',
  'logon.default': '請先登入。',
  'logon.signIn': '登入',

  'login.account': '帳號（手機號碼）',
  'login.accountPlaceholder': '請輸入10位手機號碼',
  'login.password': '密碼',
  'login.passwordPlaceholder': '請輸入密碼',
  'login.remember': '記住帳號',
  'login.consentPrefix': '我已閱讀並同意',
  'login.privacyLink': '隱私協議',
  'login.consentRequired': '請閱讀並同意隱私協議。',
  'login.submit': '登入',
  'login.sending': '登入中…',
  'login.forgot': '忘記密碼？',
  'login.forgotInfo': '忘記密碼請聯絡客服協助重設。',
  'login.join': '加入會員',
  'login.version': '版本 {{version}}',

  'register.account': '帳號（手機號碼）',
  'register.accountPlaceholder': '請輸入10位手機號碼',
  'register.password': '密碼',
  'register.passwordPlaceholder': '請設定密碼',
  'register.passwordHint': '8至20個字元：大小寫英文字母或數字。',
  'register.confirm': '確認密碼',
  'register.confirmPlaceholder': '請再次輸入密碼',
  'register.invite': '邀請碼',
  'register.invitePlaceholder': '請輸入邀請碼',
  'register.acceptPrefix': '我已閱讀並接受',
  'register.customerAgreement': '客戶協議',
  'register.acceptRequired': '請閱讀並接受客戶協議。',
  'register.submit': '註冊',
  'register.sending': '送出中…',
  'register.haveAccount': '已有帳號？登入',

  'agreement.termsTitle': '客戶協議',
  'agreement.terms.1': 'Kabuto 是模擬券商。價格、委託與成交皆來自模擬的東京證券交易所，並標示為模擬。您在此下的任何委託都不會送到真實交易所。',
  'agreement.terms.2': '您帳戶中的每一日圓都記錄在可供您查閱的帳本中。餘額只會因有紀錄的分錄而變動。',
  'agreement.terms.3': '手續費、保證金、利息及出入金規則皆公布於應用程式中。任何拒絕都會說明所依據的規則與金額。',
  'agreement.terms.4': '槓桿交易的損失可能超過您投入的資金。本應用程式的任何內容都不構成投資建議。',
  'agreement.terms.5': '請妥善保管您的密碼。我們絕不會透過電話、聊天或電子郵件向您索取密碼。',
  'agreement.privacyTitle': '隱私協議',
  'agreement.privacy.1': '我們保存您的手機號碼、您提交的身分證件與帳戶活動，僅用於經營您的帳戶及履行法律義務。',
  'agreement.privacy.2': '我們不會出售您的資料，僅在法律要求時提供。',
  'agreement.privacy.3': '本應用程式會在此裝置上保存您的登入憑證、帳號與語言設定。登出時會刪除登入憑證。',
  'agreement.privacy.4': '您可以請客服協助查閱、更正或刪除您的資料。',

  'remote.failed': '頁面載入失敗',
  'remote.retry': '重試',
  'remote.incompatible': '此區塊是為其他版本的應用程式所建置。',
  'remote.incompatibleHint': '請待應用程式更新後再試。',
  'remote.pageMissing': '此頁面尚未開放。',

  'preview.alt': '預覽',
  'preview.missing': '沒有可顯示的圖片。',
  'preview.foreign': '此圖片來自其他網站，無法在此顯示。',

  'notOnWeb.text': '網頁版不支援此功能。',
};

const jp: ShellTexts = {
  'app.name': 'Kabuto',
  'app.tagline': '誠実な日本株取引',

  'tab.home': 'ホーム',
  'tab.market': 'マーケット',
  'tab.trade': '取引',
  'tab.news': 'ニュース',
  'tab.mine': 'マイページ',
  'nav.main': 'メインメニュー',

  'header.back': '戻る',
  'header.messages': 'お知らせ',
  'header.search': '銘柄を検索',
  'header.settings': 'マイページ',
  'header.simulatedTime': '模擬時刻 {{time}}（日本時間）',

  'title.start': 'Kabuto',
  'title.loading': '読み込み中',
  'title.logon': 'ログイン',
  'title.login': 'ログイン',
  'title.register': '新規会員登録',
  'title.agreement': '利用規約とプライバシー',
  'title.previewImage': '画像',
  'title.notOnWeb': 'ご利用いただけません',

  'common.loading': '読み込み中…',

  'language.label': '言語',

  'logon.v1': 'セッションが終了しました。もう一度ログインしてください。',
  'logon.v2': 'ログインしていません。続けるにはログインしてください。',
  'logon.v3': 'このページを表示する権限がありません。お心当たりがない場合はカスタマーサポートにお問い合わせください。',
  'logon.default': 'ログインしてください。',
  'logon.signIn': 'ログイン',

  'login.account': 'アカウント（携帯電話番号）',
  'login.accountPlaceholder': '10桁の携帯電話番号',
  'login.password': 'パスワード',
  'login.passwordPlaceholder': 'パスワードを入力',
  'login.remember': 'アカウントを記憶する',
  'login.consentPrefix': '次の内容を読み、同意します：',
  'login.privacyLink': 'プライバシーポリシー',
  'login.consentRequired': 'プライバシーポリシーを読み、同意してください。',
  'login.submit': 'ログイン',
  'login.sending': 'ログイン中…',
  'login.forgot': 'パスワードをお忘れの方',
  'login.forgotInfo': 'パスワードの再設定はカスタマーサポートにお問い合わせください。',
  'login.join': '新規会員登録',
  'login.version': 'バージョン {{version}}',

  'register.account': 'アカウント（携帯電話番号）',
  'register.accountPlaceholder': '10桁の携帯電話番号',
  'register.password': 'パスワード',
  'register.passwordPlaceholder': 'パスワードを設定',
  'register.passwordHint': '8〜20文字：英大文字・英小文字または数字。',
  'register.confirm': 'パスワード（確認）',
  'register.confirmPlaceholder': 'もう一度パスワードを入力',
  'register.invite': '招待コード',
  'register.invitePlaceholder': '招待コードを入力',
  'register.acceptPrefix': '次の内容を読み、承諾します：',
  'register.customerAgreement': 'お客様契約',
  'register.acceptRequired': 'お客様契約を読み、承諾してください。',
  'register.submit': '登録する',
  'register.sending': '送信中…',
  'register.haveAccount': '会員の方はこちらからログイン',

  'agreement.termsTitle': 'お客様契約',
  'agreement.terms.1':
    'Kabuto は模擬証券会社です。価格・注文・約定はすべて模擬の東京証券取引所によるもので、模擬である旨を表示しています。ここで出した注文が実際の取引所に届くことはありません。',
  'agreement.terms.2': 'お客様の口座の1円単位まですべて、お客様が確認できる元帳に記録されます。残高は記録された仕訳によってのみ変わります。',
  'agreement.terms.3': '手数料・証拠金・金利および入出金のルールはアプリ内で公表しています。お断りする場合は必ず根拠となるルールと金額をお示しします。',
  'agreement.terms.4': 'レバレッジ取引では投資額を超える損失が生じることがあります。本アプリの内容は投資助言ではありません。',
  'agreement.terms.5': 'パスワードはご自身で厳重に管理してください。当社が電話・チャット・メールでパスワードをお尋ねすることはありません。',
  'agreement.privacyTitle': 'プライバシーポリシー',
  'agreement.privacy.1': '携帯電話番号、ご提出いただいた本人確認書類および口座の利用履歴は、口座の運営と法令上の義務の履行のためにのみ保管します。',
  'agreement.privacy.2': 'お客様のデータを販売することはありません。法令で求められる場合に限り提供します。',
  'agreement.privacy.3': '本アプリはこの端末にログイン情報・アカウント・言語設定を保存します。ログアウトするとログイン情報は削除されます。',
  'agreement.privacy.4': 'データの開示・訂正・削除はカスタマーサポートにお申し付けください。',

  'remote.failed': 'ページの読み込みに失敗しました',
  'remote.retry': '再試行',
  'remote.incompatible': 'このセクションは別のバージョンのアプリ向けに作られています。',
  'remote.incompatibleHint': 'アプリの更新後にもう一度お試しください。',
  'remote.pageMissing': 'このページはまだご利用いただけません。',

  'preview.alt': 'プレビュー',
  'preview.missing': '表示する画像がありません。',
  'preview.foreign': 'この画像は他のサイトのものなので、ここでは表示できません。',

  'notOnWeb.text': 'この機能はWeb版ではご利用いただけません。',
};

// Partial on purpose: missing keys fall back to English.
const hi: Partial<ShellTexts> = {
  'tab.home': 'होम',
  'tab.market': 'बाज़ार',
  'tab.trade': 'ट्रेड',
  'tab.news': 'समाचार',
  'tab.mine': 'प्रोफ़ाइल',
  'header.back': 'वापस',
  'login.account': 'खाता (मोबाइल नंबर)',
  'login.password': 'पासवर्ड',
  'login.submit': 'साइन इन',
  'language.label': 'भाषा',
};

const id: Partial<ShellTexts> = {
  'tab.home': 'Beranda',
  'tab.market': 'Pasar',
  'tab.trade': 'Perdagangan',
  'tab.news': 'Berita',
  'tab.mine': 'Profil',
  'header.back': 'Kembali',
  'login.account': 'Akun (nomor ponsel)',
  'login.password': 'Kata sandi',
  'login.submit': 'Masuk',
  'language.label': 'Bahasa',
};

export const SHELL_TEXTS: Translations = { tw, jp, en, hi, id };
