import { MSG } from '../messages/catalogue';
import { runStepUp, type StepUpDeps } from './step-up';

const grant = { purpose: 'fund-password' as const, expiresAt: '2026-01-01T00:05:00Z' };
const translate = (msg: string) => `t:${msg}`;

function deps(overrides: Partial<StepUpDeps> = {}): StepUpDeps {
  return {
    options: jest.fn().mockResolvedValue({ ok: true, data: { method: 'passkey', options: { challenge: 'abc' } } }),
    verify: jest.fn().mockResolvedValue({ ok: true, data: grant }),
    assert: jest.fn().mockResolvedValue({ id: 'cred-1', response: {} }),
    translate,
    ...overrides,
  };
}

test('with a passkey: options → assertion → verify with the assertion JSON', async () => {
  const d = deps();
  await expect(runStepUp('fund-password', d)).resolves.toEqual({ ok: true, grant });
  expect(d.options).toHaveBeenCalledWith('fund-password');
  expect(d.assert).toHaveBeenCalledWith({ challenge: 'abc' });
  expect(d.verify).toHaveBeenCalledWith({ purpose: 'fund-password', credential: JSON.stringify({ id: 'cred-1', response: {} }) });
});

test('closing the passkey sheet is a cancel, not a refusal, and verifies nothing', async () => {
  const d = deps({ assert: jest.fn().mockRejectedValue(Object.assign(new Error('x'), { name: 'NotAllowedError' })) });
  await expect(runStepUp('withdraw', d)).resolves.toEqual({ ok: false, reason: 'cancelled' });
  expect(d.verify).not.toHaveBeenCalled();
});

test('an authenticator error is a passkeyFailed refusal', async () => {
  const d = deps({ assert: jest.fn().mockRejectedValue(new Error('InvalidStateError')) });
  await expect(runStepUp('withdraw', d)).resolves.toEqual({
    ok: false,
    reason: 'refused',
    msg: MSG.passkeyFailed,
    message: `t:${MSG.passkeyFailed}`,
  });
});

test('without a passkey the one-time code is asked for and verified', async () => {
  const askForCode = jest.fn().mockResolvedValue(' 123456 ');
  const d = deps({
    options: jest.fn().mockResolvedValue({ ok: true, data: { method: 'code', sentTo: '90****5678' } }),
    askForCode,
  });
  await expect(runStepUp('bank-card', d)).resolves.toEqual({ ok: true, grant });
  expect(askForCode).toHaveBeenCalledWith({ purpose: 'bank-card', sentTo: '90****5678' });
  expect(d.assert).not.toHaveBeenCalled();
  expect(d.verify).toHaveBeenCalledWith({ purpose: 'bank-card', code: '123456' });
});

test('a cancelled code prompt is a cancel; no prompt at all is a refusal', async () => {
  const codeStep = jest.fn().mockResolvedValue({ ok: true, data: { method: 'code', sentTo: '90****5678' } });
  await expect(runStepUp('withdraw', deps({ options: codeStep, askForCode: async () => null }))).resolves.toEqual({
    ok: false,
    reason: 'cancelled',
  });
  await expect(runStepUp('withdraw', deps({ options: codeStep }))).resolves.toMatchObject({ ok: false, msg: MSG.stepUpRequired });
});

test('server refusals pass through with their message', async () => {
  const refused = { ok: false, msg: MSG.codeInvalid, message: 'wrong code' };
  const d = deps({
    options: jest.fn().mockResolvedValue({ ok: true, data: { method: 'code', sentTo: 'x' } }),
    askForCode: async () => '000000',
    verify: jest.fn().mockResolvedValue(refused),
  });
  await expect(runStepUp('withdraw', d)).resolves.toEqual({ ok: false, reason: 'refused', msg: MSG.codeInvalid, message: 'wrong code' });
  const noOptions = deps({ options: jest.fn().mockResolvedValue({ ok: false, msg: MSG.tooFrequent, message: 'slow down' }) });
  await expect(runStepUp('withdraw', noOptions)).resolves.toMatchObject({ ok: false, msg: MSG.tooFrequent });
  expect(noOptions.assert).not.toHaveBeenCalled();
});
