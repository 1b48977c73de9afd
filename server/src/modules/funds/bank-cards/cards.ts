// Bank cards: validated against zengin-code, owned by the user (holder name = the verified
// real name's katakana reading, see docs/api/funds.md §4), soft-deleted so past
// withdrawals keep pointing at the card they were paid to.
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import { normaliseKanaName, type BankCard, type bankCardFormSchema } from '@kabuto/shared-sdk/schemas';
import type { z } from 'zod';
import type { Clock } from '../../../clock';
import type { Database } from '../../../db/client';
import { bankCards, type BankCardRow } from '../schema';
import { latestVerification } from '../../identity';
import { isUniqueViolation, refuse } from '../failures';
import { findBank, findBranch } from './zengin';

export const MAX_BANK_CARDS = 5;

type CardForm = z.output<typeof bankCardFormSchema>;

/**
 * The account number's digits a customer sees: the last four, as Japanese banks and brokers
 * show a registered account (末尾4桁), the same in every screen and notice.
 */
export const SHOWN_ACCOUNT_DIGITS = 4;

export function maskAccountNumber(accountNumber: string): string {
  return `${'*'.repeat(Math.max(0, accountNumber.length - SHOWN_ACCOUNT_DIGITS))}${accountNumber.slice(-SHOWN_ACCOUNT_DIGITS)}`;
}

export function bankCardView(row: BankCardRow): BankCard {
  return {
    id: row.id,
    holderName: row.holderName,
    bankCode: row.bankCode,
    bankName: row.bankName,
    branchCode: row.branchCode,
    branchName: row.branchName,
    accountType: row.accountType,
    accountNumberMasked: maskAccountNumber(row.accountNumber),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listCards(db: Database, userId: number): Promise<BankCardRow[]> {
  return db
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.userId, userId), isNull(bankCards.deletedAt)))
    .orderBy(asc(bankCards.id));
}

/** A live card of this user, or MSG.bankCardNotFound (also for another user's card: no probing). */
export async function ownCard(db: Database, userId: number, id: number): Promise<BankCardRow> {
  const [row] = await db
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.id, id), eq(bankCards.userId, userId), isNull(bankCards.deletedAt)))
    .limit(1);
  if (!row) refuse(MSG.bankCardNotFound);
  return row;
}

/** Bank and branch names from zengin-code, and the ownership rule. */
async function checkedCard(db: Database, userId: number, form: CardForm) {
  const bank = findBank(form.bankCode);
  if (!bank) refuse(MSG.bankNotFound);
  const branch = findBranch(bank, form.branchCode);
  if (!branch) refuse(MSG.branchNotFound);
  const identity = await latestVerification(db, userId);
  if (!identity || identity.state !== 'verified') refuse(MSG.realNameRequiredBeforeWithdraw);
  // The holder must be the verified person: compared with the verified reading of the
  // real name (a submission made before the reading was asked has none and cannot match).
  if (!identity.nameKana || normaliseKanaName(identity.nameKana) !== form.holderName) refuse(MSG.bankCardNotOwned);
  return { bankName: bank.name, branchName: branch.name };
}

async function refuseDuplicate(db: Database, form: CardForm, exceptId: number | null): Promise<void> {
  const [dup] = await db
    .select({ id: bankCards.id })
    .from(bankCards)
    .where(
      and(
        eq(bankCards.bankCode, form.bankCode),
        eq(bankCards.branchCode, form.branchCode),
        eq(bankCards.accountNumber, form.accountNumber),
        isNull(bankCards.deletedAt),
      ),
    )
    .limit(1);
  if (dup && dup.id !== exceptId) refuse(MSG.bankCardExists);
}

export async function addCard(db: Database, clock: Clock, userId: number, form: CardForm): Promise<BankCardRow> {
  const names = await checkedCard(db, userId, form);
  await refuseDuplicate(db, form, null);
  const [live] = await db
    .select({ n: count() })
    .from(bankCards)
    .where(and(eq(bankCards.userId, userId), isNull(bankCards.deletedAt)));
  if (Number(live?.n ?? 0) >= MAX_BANK_CARDS) refuse(MSG.bankCardLimit);
  const now = clock.now();
  try {
    const [row] = await db
      .insert(bankCards)
      .values({ userId, ...form, ...names, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error('bank card not stored');
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) refuse(MSG.bankCardExists);
    throw error;
  }
}

export async function updateCard(db: Database, clock: Clock, userId: number, id: number, form: CardForm): Promise<BankCardRow> {
  await ownCard(db, userId, id);
  const names = await checkedCard(db, userId, form);
  await refuseDuplicate(db, form, id);
  try {
    const [row] = await db
      .update(bankCards)
      .set({ ...form, ...names, updatedAt: clock.now() })
      .where(and(eq(bankCards.id, id), eq(bankCards.userId, userId), isNull(bankCards.deletedAt)))
      .returning();
    if (!row) refuse(MSG.bankCardNotFound);
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) refuse(MSG.bankCardExists);
    throw error;
  }
}

/** Answers the card as it was (for the notice). */
export async function deleteCard(db: Database, clock: Clock, userId: number, id: number): Promise<BankCardRow> {
  const card = await ownCard(db, userId, id);
  await db
    .update(bankCards)
    .set({ deletedAt: clock.now() })
    .where(and(eq(bankCards.id, id), eq(bankCards.userId, userId), isNull(bankCards.deletedAt)));
  return card;
}
