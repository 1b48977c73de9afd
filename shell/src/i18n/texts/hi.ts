// The shell's texts in Hindi. Partial on purpose: missing keys fall back to English.
import type { ShellTexts } from './en';

export const hi: Partial<ShellTexts> = {
  'tab.home': 'होम',
  'tab.market': 'बाज़ार',
  'tab.trade': 'ट्रेड',
  'tab.news': 'समाचार',
  'tab.mine': 'प्रोफ़ाइल',
  'header.simulatedTime': 'सिम्युलेटेड समय {{date}} {{time}} JST',
  'header.back': 'वापस',
  'login.account': 'खाता (मोबाइल नंबर)',
  'login.password': 'पासवर्ड',
  'login.submit': 'साइन इन',
  'language.label': 'भाषा',
};
