// Entry of the operator console (served at /ops/).
import '@ant-design/v5-patch-for-react-19';
import { createRoot } from 'react-dom/client';
import { loadMessageTexts } from '@kabuto/shared-sdk/messages';
import { ConsoleApp } from './App';
import { storedLang } from './i18n/console-i18n';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
const lang = storedLang();
document.documentElement.lang = lang === 'jp' ? 'ja' : 'en';
// Server refusals are translated with the customer catalogue: its texts first.
void loadMessageTexts(lang).finally(() => createRoot(root).render(<ConsoleApp />));
