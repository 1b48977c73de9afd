// Reading the database's errors: which failures mean "the database went away" (try again) and which do not.
import { isConnectionLost, isUniqueViolation } from './errors';

const wrapped = (cause: unknown): Error => new Error('Failed query: insert into …', { cause });

it('knows a lost connection by its code or by the driver’s words, however deep in the cause chain', () => {
  // PostgreSQL shutting down or restarting (57P01 admin_shutdown), a connection exception class 08.
  expect(isConnectionLost(wrapped(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })))).toBe(true);
  expect(isConnectionLost(Object.assign(new Error('connection failure'), { code: '08006' }))).toBe(true);
  expect(isConnectionLost(wrapped(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })))).toBe(true);
  expect(isConnectionLost(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
  expect(isConnectionLost(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
});

it('does not take a refusal of the write itself for a lost connection', () => {
  expect(isConnectionLost(wrapped(Object.assign(new Error('duplicate key value'), { code: '23505' })))).toBe(false);
  expect(isConnectionLost(Object.assign(new Error('could not serialize access'), { code: '40001' }))).toBe(false);
  expect(isConnectionLost(new Error('position 7 missing'))).toBe(false);
  expect(isConnectionLost('Connection terminated')).toBe(false);
  expect(isUniqueViolation(wrapped(Object.assign(new Error('duplicate key value'), { code: '23505' })))).toBe(true);
});
