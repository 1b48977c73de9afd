import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { startAuthentication } from '@simplewebauthn/browser';
import { MSG } from '../messages/catalogue';
import { makeStore } from '../state/store';
import { installFakeFetch, installRecordingHost, json } from '../test-utils/protocol';
import type { StepUpResult } from './step-up';
import { usePasskeyStepUp, type PasskeyStepUpOptions } from './use-passkey-step-up';

jest.mock('@simplewebauthn/browser', () => ({ startAuthentication: jest.fn(), startRegistration: jest.fn() }));
const assertion = jest.mocked(startAuthentication);
beforeEach(() => assertion.mockReset());

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Renders the hook once and hands back its function. */
async function stepUpFunction(options: PasskeyStepUpOptions = {}): Promise<() => Promise<StepUpResult>> {
  let run: (() => Promise<StepUpResult>) | null = null;
  function Probe() {
    run = usePasskeyStepUp('passkey-remove', options);
    return null;
  }
  const root = createRoot(document.createElement('div'));
  await act(async () =>
    root.render(
      <Provider store={makeStore()}>
        <Probe />
      </Provider>,
    ),
  );
  if (!run) throw new Error('hook did not render');
  return run;
}

function formOf(call: { body: URLSearchParams | FormData | undefined }): Record<string, string> {
  return Object.fromEntries((call.body as URLSearchParams).entries());
}

const grant = { purpose: 'passkey-remove', expiresAt: '2026-01-01T00:05:00Z' };

test('runs stepUpOptions → startAuthentication → stepUpVerify with the assertion as JSON', async () => {
  installRecordingHost('en');
  const calls = installFakeFetch(
    json(200, { status: 1, msg: '', data: { method: 'passkey', options: { challenge: 'c1', rpId: 'localhost' } } }),
    json(200, { status: 1, msg: MSG.operationSuccess, data: grant }),
  );
  assertion.mockResolvedValue({ id: 'k1', rawId: 'k1', type: 'public-key', response: {}, clientExtensionResults: {} } as never);

  const result = await (await stepUpFunction())();

  expect(result).toEqual({ ok: true, grant });
  expect(calls.map((c) => c.url)).toEqual([
    expect.stringMatching(/\/api\/vue\/user\/stepUpOptions$/),
    expect.stringMatching(/\/api\/vue\/user\/stepUpVerify$/),
  ]);
  expect(formOf(calls[0]!)).toEqual({ purpose: 'passkey-remove' });
  expect(assertion).toHaveBeenCalledWith({ optionsJSON: { challenge: 'c1', rpId: 'localhost' } });
  const verify = formOf(calls[1]!);
  expect(verify.purpose).toBe('passkey-remove');
  expect(JSON.parse(verify.credential!)).toMatchObject({ id: 'k1' });
});

test('falls back to the one-time code and toasts a refusal in the user language', async () => {
  const host = installRecordingHost('jp');
  const calls = installFakeFetch(
    json(200, { status: 1, msg: '', data: { method: 'code', sentTo: '90****5678' } }),
    json(200, { status: 0, msg: MSG.codeInvalid, data: null }),
  );
  const askForCode = jest.fn().mockResolvedValue('654321');

  const result = await (await stepUpFunction({ askForCode }))();

  expect(askForCode).toHaveBeenCalledWith({ purpose: 'passkey-remove', sentTo: '90****5678' });
  expect(formOf(calls[1]!)).toEqual({ purpose: 'passkey-remove', code: '654321' });
  expect(result).toMatchObject({ ok: false, reason: 'refused', msg: MSG.codeInvalid });
  expect(host.toasts.map((t) => t.text)).toEqual(['確認コードが正しくないか、有効期限が切れています']);
  expect(assertion).not.toHaveBeenCalled();
});
