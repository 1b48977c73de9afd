// The shell's texts in English: the keys of every language (namespace 'shell').
export const en = {
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
  'header.simulatedTime': 'Simulated time {{date}} {{time}} JST',

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
  'login.restrictionReason': 'Reason: {{reason}}',

  'register.account': 'Account (mobile number)',
  'register.accountPlaceholder': '10-digit mobile number',
  'register.password': 'Password',
  'register.passwordPlaceholder': 'Choose a password',
  'register.passwordHint': '8 to 20 characters: letters, digits or symbols, no spaces.',
  'register.accountSaved': 'Your account will be {{account}} (the leading 0 is not part of it).',
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
export type ShellTexts = Record<ShellTextKey, string>;
