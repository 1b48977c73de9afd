// Real races: 50 parallel withdrawals of the whole available balance (exactly one wins),
// one idempotency key sent 20 times at once (one movement), plus the ledger's own
// guarantees (immutable postings, balanced journals), four-eyes adjustments and the
// demo-mode auto-approval. Runs on PGlite, or on PostgreSQL with KABUTO_TEST_DATABASE_URL.
import { count, eq, inArray, sql } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { BankCard, DepositRecord, Wallet } from '@kabuto/shared-sdk/schemas';
import { fundsIdempotency, fundsUserLocks, ledgerPostings, withdrawals } from './schema';
import { approveDeposit, approveDueDemoDeposits } from './deposits/deposits';
import { checkLedger, userAccountBalance } from './ledger/balances';
import { customerCash } from './ledger/accounts';
import { postJournal, postJournals, UnbalancedJournalError } from './ledger/post';
import {
  call,
  createCustomer,
  createOperator,
  grantStepUp,
  idemKey,
  ops,
  startFundsTestApp,
  uploadRow,
  type FundsTestContext,
  type TestCustomer,
} from './testing/funds-test-kit';

let t: FundsTestContext;

beforeAll(async () => {
  t = await startFundsTestApp({ demo: { autoApprove: true, delaySeconds: 5 }, demoSweepMs: 60_000 });
});
afterAll(async () => t.close());

async function fundedCustomer(amount: string): Promise<{ customer: TestCustomer; card: BankCard }> {
  const customer = await createCustomer(t);
  await grantStepUp(t, customer, 'bank-card');
  const accountNumber = String(1000000 + Math.floor(Math.random() * 8999999));
  const card = (
    await call<BankCard>(
      t.app,
      'bankCardAdd',
      { holderName: 'ヤマダタロウ', bankCode: '0001', branchCode: '001', accountNumber, accountType: 'ordinary' },
      customer,
    )
  ).data;
  const proofKey = await uploadRow(t.db, t.clock, customer);
  const dep = await call<DepositRecord>(t.app, 'deposit', { channelId: 'bank-jpy', amount, proofKey, idempotencyKey: idemKey() }, customer);
  await approveDeposit(t.ctx, dep.data.id, { operator: { id: 0, name: 'test' }, reason: null });
  await grantStepUp(t, customer, 'withdraw');
  return { customer, card };
}

describe('races', () => {
  it('50 parallel withdrawals of the whole balance: exactly one is accepted', async () => {
    const { customer, card } = await fundedCustomer('100000');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(t.app, 'withdraw', { cardId: card.id, amount: '100000', fundPassword: '246810', idempotencyKey: idemKey() }, customer),
      ),
    );
    expect(answers.filter((a) => a.status === 1)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 1)) {
      expect([MSG.insufficientWithdrawable, MSG.fundOperationInProgress, MSG.tooFrequent]).toContain(refused.msg);
    }
    const [n] = await t.db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.userId, customer.user.id));
    expect(n?.n).toBe(1);
    const wallet = (await call<Wallet>(t.app, 'wallet', {}, customer)).data;
    expect(wallet).toMatchObject({ available: { minor: '0' }, frozen: { minor: '100000' }, balance: { minor: '100000' } });
  });

  it('the same idempotency key 20 times in parallel: one movement, one answer', async () => {
    const { customer, card } = await fundedCustomer('100000');
    const key = idemKey();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call<{ id: number }>(t.app, 'withdraw', { cardId: card.id, amount: '30000', fundPassword: '246810', idempotencyKey: key }, customer),
      ),
    );
    const accepted = answers.filter((a) => a.status === 1);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    expect(new Set(accepted.map((a) => a.data.id)).size).toBe(1);
    for (const refused of answers.filter((a) => a.status !== 1)) expect([MSG.fundOperationInProgress, MSG.tooFrequent]).toContain(refused.msg);
    const [n] = await t.db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.userId, customer.user.id));
    expect(n?.n).toBe(1);
    const [k] = await t.db.select({ n: count() }).from(fundsIdempotency).where(eq(fundsIdempotency.userId, customer.user.id));
    expect(k?.n).toBe(2); // the deposit's key and this one
    expect((await call<Wallet>(t.app, 'wallet', {}, customer)).data.frozen.minor).toBe('30000');
    expect((await checkLedger(t.db)).balanced).toBe(true);
  });
});

describe('ledger guarantees', () => {
  it('refuses UPDATE and DELETE on postings and journal entries at the database', async () => {
    await expect(t.db.execute(sql`update ledger_postings set amount = amount + 1`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from ledger_postings`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from ledger_journal`)).rejects.toThrow();
    expect((await checkLedger(t.db)).balanced).toBe(true);
  });

  it('refuses an unbalanced journal before writing anything', async () => {
    const [before] = await t.db.select({ n: count() }).from(ledgerPostings);
    const customer = await createCustomer(t);
    await expect(
      t.db.transaction((tx) =>
        postJournal(tx, t.clock, {
          type: 'adjustment',
          reference: 'test:1',
          postings: [
            { account: customerCash(customer.user.id, 'JPY'), amount: 5n },
            { account: { kind: 'broker_bank', currency: 'JPY' }, amount: -4n },
          ],
        }),
      ),
    ).rejects.toBeInstanceOf(UnbalancedJournalError);
    const [after] = await t.db.select({ n: count() }).from(ledgerPostings);
    expect(after?.n).toBe(before?.n);
  });

  it('postJournals writes entries on accounts that do not exist yet, and their balances, in one go; a statement alongside is written once', async () => {
    const customer = await createCustomer(t);
    // A broker account kind and a customer currency account never used before in this database.
    const fresh = { kind: `test_fresh_${customer.user.id}`, currency: 'JPY' as const };
    // Written in the first statement, which then finds the accounts missing: written twice, the
    // version would move by 2,000.
    const versionOf = async () =>
      (await t.db.select({ version: fundsUserLocks.version }).from(fundsUserLocks).where(eq(fundsUserLocks.userId, customer.user.id)))[0]?.version ?? 0;
    const before = await versionOf();
    const alongside = sql`insert into ${fundsUserLocks} (user_id, locked_at, version) values (${customer.user.id}, now(), 1000) on conflict (user_id) do update set version = ${fundsUserLocks.version} + 1000`;
    const ids = await t.db.transaction((tx) =>
      postJournals(
        tx,
        t.clock,
        [
          {
            type: 'adjustment',
            reference: `test:fresh:${customer.user.id}:1`,
            postings: [
              { account: customerCash(customer.user.id, 'USD'), amount: 250n },
              { account: { kind: 'broker_bank', currency: 'USD' }, amount: -250n },
            ],
          },
          {
            type: 'adjustment',
            reference: `test:fresh:${customer.user.id}:2`,
            postings: [
              { account: fresh, amount: 7n },
              { account: customerCash(customer.user.id, 'JPY'), amount: -7n },
            ],
          },
        ],
        [alongside],
      ),
    );
    expect(ids).toHaveLength(2);
    expect(await versionOf()).toBe(before + 1000);
    expect(ids[1]).toBeGreaterThan(ids[0] as bigint);
    const byJournal = await t.db
      .select({ journalId: ledgerPostings.journalId, n: count() })
      .from(ledgerPostings)
      .where(inArray(ledgerPostings.journalId, ids))
      .groupBy(ledgerPostings.journalId);
    expect(byJournal.map((r) => r.n)).toEqual([2, 2]);
    expect(await userAccountBalance(t.db, customer.user.id, 'customer_cash', 'USD')).toBe(250n);
    expect((await checkLedger(t.db)).balanced).toBe(true);
  });

  it('posts an operator adjustment only after a second operator approves', async () => {
    const first = await createOperator(t.db, 'first');
    const second = await createOperator(t.db, 'second');
    const customer = await createCustomer(t);
    const proposed = await ops<{ id: number; state: string }>(t.app, first.token, 'POST', '/adjustments', {
      account: customer.user.account,
      currency: 'JPY',
      amount: '1500',
      reason: 'missed credit',
    });
    expect(proposed.data.state).toBe('proposed');
    expect((await call<Wallet>(t.app, 'wallet', {}, customer)).data.balance.minor).toBe('0');
    expect((await ops(t.app, first.token, 'POST', `/adjustments/${proposed.data.id}/approve`, {})).msg).toBe(MSG.adjustmentSameOperator);
    expect((await ops(t.app, second.token, 'POST', `/adjustments/${proposed.data.id}/approve`, {})).data).toMatchObject({
      state: 'approved',
      decidedBy: 'second',
    });
    expect((await call<Wallet>(t.app, 'wallet', {}, customer)).data.balance.minor).toBe('1500');
    const debit = await ops<{ id: number }>(t.app, first.token, 'POST', '/adjustments', {
      account: customer.user.account,
      currency: 'JPY',
      amount: '-2000',
      reason: 'too much',
    });
    expect((await ops(t.app, second.token, 'POST', `/adjustments/${debit.data.id}/approve`, {})).msg).toBe(MSG.insufficientAvailableBalance);
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/ops/audit?account=${customer.user.account}`,
      headers: { authorization: `Bearer ${first.token}` },
    });
    expect((audit.json() as { data: { action: string }[] }).data.map((a) => a.action)).toEqual(
      expect.arrayContaining(['funds.adjustment.propose', 'funds.adjustment.approve']),
    );
  });

  it('demo mode approves a deposit automatically after the delay, and says so', async () => {
    const customer = await createCustomer(t);
    const info = await call<{ demoAutoApprove: boolean; autoApproveSeconds: number }>(t.app, 'depositInfo', {}, customer);
    expect(info.data).toMatchObject({ demoAutoApprove: true, autoApproveSeconds: 5 });
    const dep = await call<DepositRecord>(
      t.app,
      'deposit',
      { channelId: 'bank-jpy', amount: '20000', proofKey: await uploadRow(t.db, t.clock, customer), idempotencyKey: idemKey() },
      customer,
    );
    expect(dep.data.autoApproveAt).toBe(new Date(t.clock.now().getTime() + 5000).toISOString());
    expect(await approveDueDemoDeposits(t.ctx)).toBe(0);
    t.clock.advance(5000);
    // Reading the wallet or the records never approves anything: the sweeper does (run here by hand).
    expect((await call<Wallet>(t.app, 'wallet', {}, customer)).data.balance.minor).toBe('0');
    expect((await call<{ list: { state: string }[] }>(t.app, 'records', { tab: 'deposit' }, customer)).data.list[0]?.state).toBe('pending');
    expect(await approveDueDemoDeposits(t.ctx)).toBe(1);
    expect((await call<Wallet>(t.app, 'wallet', {}, customer)).data.balance.minor).toBe('20000');
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/ops/audit?account=${customer.user.account}`,
      headers: { authorization: `Bearer ${(await createOperator(t.db, 'auditor')).token}` },
    });
    expect((audit.json() as { data: { operator: string; action: string }[] }).data[0]).toMatchObject({
      operator: 'demo-auto-approve',
      action: 'funds.deposit.approve',
    });
  });
});
