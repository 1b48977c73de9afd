/** @jest-environment node */
import { MSG } from '../messages/catalogue';
import { classifyAnswer, normaliseStatus, parseRawBody, unwrapNullWrapper } from './envelope';

describe('normaliseStatus', () => {
  it.each([[1], ['1'], [2], [-1], ['200'], [true], ['ok'], [10n]])('%p is success', (status) => {
    expect(normaliseStatus(status)).toBe(1);
  });
  it.each([[0], ['0'], [' 0 '], ['0.0'], [''], [null], [undefined], [false], [0n]])('%p is failure', (status) => {
    expect(normaliseStatus(status)).toBe(0);
  });
});

describe('classifyAnswer', () => {
  it('normalises any non-zero status to success', () => {
    expect(classifyAnswer(200, { status: '1', msg: MSG.loginSuccess, data: { a: 1 } })).toEqual({
      kind: 'success',
      msg: MSG.loginSuccess,
      data: { a: 1 },
    });
    expect(classifyAnswer(200, { status: 5, data: [1] })).toEqual({ kind: 'success', msg: '', data: [1] });
  });

  it('sends HTTP 200 with status 401 or 410002 to logon v=1', () => {
    expect(classifyAnswer(200, { status: 401, msg: '' })).toEqual({ kind: 'unauthorized', logonVersion: 1 });
    expect(classifyAnswer(200, { status: '401' })).toEqual({ kind: 'unauthorized', logonVersion: 1 });
    expect(classifyAnswer(200, { status: 410002 })).toEqual({ kind: 'unauthorized', logonVersion: 1 });
    expect(classifyAnswer(200, { status: '410002' })).toEqual({ kind: 'unauthorized', logonVersion: 1 });
  });

  it('sends HTTP 401 to v=2 and HTTP 403 to v=3, whatever the body', () => {
    expect(classifyAnswer(401, undefined)).toEqual({ kind: 'unauthorized', logonVersion: 2 });
    expect(classifyAnswer(401, { status: 1 })).toEqual({ kind: 'unauthorized', logonVersion: 2 });
    expect(classifyAnswer(403, 'Forbidden')).toEqual({ kind: 'unauthorized', logonVersion: 3 });
  });

  it('keeps the server message of a status-0 answer', () => {
    expect(classifyAnswer(200, { status: 0, msg: MSG.accountFrozen })).toEqual({
      kind: 'failure',
      msg: MSG.accountFrozen,
      data: undefined,
      failure: 'rejected',
    });
    expect(classifyAnswer(200, { status: '0', msg: MSG.notOpen, data: null })).toMatchObject({ msg: MSG.notOpen });
  });

  it("answers 'system busy' for a status 0 without message and for bodies that are not envelopes", () => {
    expect(classifyAnswer(200, { status: 0 })).toMatchObject({ kind: 'failure', msg: MSG.systemBusy, failure: 'rejected' });
    expect(classifyAnswer(200, undefined)).toMatchObject({ kind: 'failure', msg: MSG.systemBusy, failure: 'network' });
    expect(classifyAnswer(200, [1, 2])).toMatchObject({ kind: 'failure', msg: MSG.systemBusy });
    expect(classifyAnswer(502, '<html>')).toMatchObject({ kind: 'failure', msg: MSG.systemBusy, failure: 'network' });
    expect(classifyAnswer(429, { statusCode: 429, message: 'Too Many' })).toMatchObject({ msg: MSG.systemBusy });
  });

  it('keeps a status-0 message on a non-2xx answer but never trusts its success', () => {
    expect(classifyAnswer(500, { status: 0, msg: MSG.invalidParams })).toMatchObject({ msg: MSG.invalidParams, failure: 'rejected' });
    expect(classifyAnswer(500, { status: 1, data: 1 })).toMatchObject({ kind: 'failure', msg: MSG.systemBusy });
  });
});

describe('unwrapNullWrapper / parseRawBody', () => {
  it('removes a null(...) wrapper', () => {
    expect(unwrapNullWrapper('null({"a":1})')).toBe('{"a":1}');
    expect(unwrapNullWrapper(' null([1,2]);\n')).toBe('[1,2]');
    expect(unwrapNullWrapper('null()')).toBe('');
    expect(unwrapNullWrapper('null(a)(b)')).toBe('a)(b');
  });

  it('leaves other text alone', () => {
    expect(unwrapNullWrapper('{"a":1}')).toBe('{"a":1}');
    expect(unwrapNullWrapper('null')).toBe('null');
    expect(unwrapNullWrapper('nullish({})')).toBe('nullish({})');
  });

  it('parses the unwrapped JSON or returns the text', () => {
    expect(parseRawBody('null({"status":1,"data":[3]})')).toEqual({ status: 1, data: [3] });
    expect(parseRawBody('[1,2]')).toEqual([1, 2]);
    expect(parseRawBody('null')).toBeNull();
    expect(parseRawBody('plain text')).toBe('plain text');
  });
});
