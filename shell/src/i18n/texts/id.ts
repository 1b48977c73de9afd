// The shell's texts in Indonesian. Partial on purpose: missing keys fall back to English.
import type { ShellTexts } from './en';

export const id: Partial<ShellTexts> = {
  'tab.home': 'Beranda',
  'tab.market': 'Pasar',
  'tab.trade': 'Perdagangan',
  'tab.news': 'Berita',
  'tab.mine': 'Profil',
  'header.simulatedTime': 'Waktu simulasi {{date}} {{time}} JST',
  'header.back': 'Kembali',
  'login.account': 'Akun (nomor ponsel)',
  'login.password': 'Kata sandi',
  'login.submit': 'Masuk',
  'language.label': 'Bahasa',
};
