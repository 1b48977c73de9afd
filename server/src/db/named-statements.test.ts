// Statements with parameters go to PostgreSQL by name, one name per distinct text, and
// nothing else changes. CI's PostgreSQL run (funds, trading races) sends every statement of
// those suites through it against a real server.
import { EventEmitter } from 'node:events';
import type { Pool } from 'pg';
import { nameStatements, statementNamer } from './named-statements';

describe('statementNamer', () => {
  it('names the same text the same way and different texts differently', () => {
    const nameOf = statementNamer();
    const a = nameOf('select $1::int');
    expect(a).toMatch(/^k_[A-Za-z0-9_-]+$/);
    expect(nameOf('select $1::int')).toBe(a);
    expect(nameOf('select $1::text')).not.toBe(a);
  });

  it('stops naming new texts at its bound, and keeps the names it gave', () => {
    const nameOf = statementNamer(2);
    const first = nameOf('select $1');
    nameOf('select $1, $2');
    expect(nameOf('select $1, $2, $3')).toBeUndefined();
    expect(nameOf('select $1')).toBe(first);
  });
});

describe('nameStatements', () => {
  /** A pool that "connects" one client recording what it is asked to run. */
  function connectedClient() {
    const pool = new EventEmitter();
    const calls: unknown[][] = [];
    const client = { query: (...args: unknown[]) => calls.push(args) };
    nameStatements(pool as unknown as Pool);
    pool.emit('connect', client);
    return { client, calls };
  }

  it('adds a name to a parameterised config without changing the config it was given', () => {
    const { client, calls } = connectedClient();
    const config = { text: 'select * from t where id = $1', rowMode: 'array' };
    client.query(config, [7]);
    client.query(config, [8]);
    const sent = calls.map((args) => args[0] as { name?: string; text: string; rowMode: string });
    expect(sent[0]?.name).toMatch(/^k_/);
    expect(sent[1]?.name).toBe(sent[0]?.name);
    expect(sent[0]).toMatchObject({ text: config.text, rowMode: 'array' });
    expect(calls[0]?.[1]).toEqual([7]);
    expect(config).not.toHaveProperty('name');
  });

  it('names a config that carries its own values', () => {
    const { client, calls } = connectedClient();
    client.query({ text: 'select $1::int', values: [1] });
    expect((calls[0]?.[0] as { name?: string }).name).toMatch(/^k_/);
  });

  it('leaves alone statements without parameters, plain strings and names the caller chose', () => {
    const { client, calls } = connectedClient();
    client.query({ text: 'create table x (id int); create index on x (id)' });
    client.query({ text: 'select 1' }, []);
    client.query('select $1::int', [1]);
    client.query({ name: 'funds_user_account_balances', text: 'select $1::int' }, [1]);
    expect((calls[0]?.[0] as { name?: string }).name).toBeUndefined();
    expect((calls[1]?.[0] as { name?: string }).name).toBeUndefined();
    expect(calls[2]?.[0]).toBe('select $1::int');
    expect((calls[3]?.[0] as { name?: string }).name).toBe('funds_user_account_balances');
  });
});
