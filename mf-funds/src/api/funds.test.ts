import { MSG, makeStore, resetHost, translateMessage } from '@kabuto/shared-sdk';
import { installFakeFetch, installRecordingHost, json } from '@kabuto/shared-sdk/test-utils/protocol';
import { fundsApi } from './funds';

afterEach(() => resetHost());

/** Lets the invalidation refetches start. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const WALLET = { status: 1, data: { balances: [] } };

describe('funds calls on the base api', () => {
  it('posts the withdraw form to funds/withdraw and leaves the refusal to the form (no toast)', async () => {
    const host = installRecordingHost('en');
    const calls = installFakeFetch(json(200, { status: 0, msg: MSG.systemBusy }));
    const result = await makeStore().dispatch(
      fundsApi.endpoints.withdraw.initiate({ cardId: 7, amount: '10000', fundPassword: '123456', idempotencyKey: 'k-1' }),
    );
    expect(calls[0]!.url).toBe(`${location.origin}/api/vue/funds/withdraw`);
    expect(Object.fromEntries(new URLSearchParams(calls[0]!.body?.toString()))).toEqual({
      cardId: '7',
      amount: '10000',
      fundPassword: '123456',
      idempotencyKey: 'k-1',
    });
    expect(result).toMatchObject({ error: { status: 0, msg: MSG.systemBusy, message: translateMessage(MSG.systemBusy, 'en') } });
    expect(host.toasts).toEqual([]);
  });

  it('toasts a failed wallet load (the wallet has no inline error state)', async () => {
    const host = installRecordingHost('en');
    installFakeFetch(json(200, { status: 0, msg: MSG.systemBusy }));
    await makeStore().dispatch(fundsApi.endpoints.getWallet.initiate());
    expect(host.toasts.map((toast) => toast.text)).toEqual([translateMessage(MSG.systemBusy, 'en')]);
  });

  it('refetches the shown wallet after a deposit moved money', async () => {
    installRecordingHost();
    const calls = installFakeFetch(json(200, WALLET), json(200, { status: 1, data: { id: 1 } }), json(200, WALLET));
    const store = makeStore();
    const wallet = store.dispatch(fundsApi.endpoints.getWallet.initiate());
    await wallet;
    await store.dispatch(fundsApi.endpoints.deposit.initiate({ channelId: 'bank-1', amount: '5000', proofKey: 'deposit/x.png', idempotencyKey: 'k-2' }));
    await settle();
    expect(calls.map((call) => call.url.split('/vue/')[1])).toEqual(['funds/wallet', 'funds/deposit', 'funds/wallet']);
    wallet.unsubscribe();
  });
});
