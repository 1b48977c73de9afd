// The shell with no network: remotes never load, and every API call goes to `send`, which each
// test answers. Import this before render-app so the mocks are in place when the app loads.
import { request } from '@kabuto/shared-sdk/protocol/request';

jest.mock('../remotes/federation', () => ({ loadRemoteModule: jest.fn(), registerRemoteEntries: jest.fn() }));
// The protocol module itself, so the SDK's RTK Query base query sees the mock too.
jest.mock('@kabuto/shared-sdk/protocol/request', () => ({
  ...jest.requireActual('@kabuto/shared-sdk/protocol/request'),
  request: jest.fn(),
}));

export const send = jest.mocked(request);
