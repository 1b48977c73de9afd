// Steps of the IPO journeys that are about something else (a funded, verified account; the
// operator's issue lifecycle through the ops CLI) and the texts the screens show.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { IPO_TEXTS } from '../../../mf-ipo/src/translations';
import { newPhoneContext } from '../support/browser';
import { signInAtLocalhost } from '../funds/funds-helpers';
import { fundAccount } from '../trading/trading-helpers';

export type IpoLang = 'tw' | 'jp' | 'en';

export function ipoText(key: string, lang: IpoLang = 'en', values: Record<string, string | number> = {}): string {
  const text = IPO_TEXTS[lang][key];
  if (!text) throw new Error(`no ipo text ${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(values[name] ?? ''));
}

export interface Customer {
  account: string;
  context: BrowserContext;
  page: Page;
}

/** A fresh, verified customer with a fund password and `yen` deposited, in their own phone context. */
export async function fundedCustomer(browser: Browser, yen: number, lang: IpoLang = 'en'): Promise<Customer> {
  const context = await newPhoneContext(browser, { lang });
  const page = await context.newPage();
  const account = await signInAtLocalhost(page);
  await fundAccount(page, account, yen);
  return { account, context, page };
}

/** A stock code no other run of the suite uses (4 characters, [0-9A-Z]). */
export function freshIssueCode(): string {
  // A TSE-shaped code (digit, letter, digit, letter) with a Q, which the JPX never issues.
  const n = Date.now();
  return `${n % 10}Q${Math.floor(n / 10) % 10}${'ACDFGHJKLMNPRSTUWXY'[Math.floor(n / 100) % 19]}`;
}
