// The loader's tests with module federation mocked: each test says what loading a remote
// gives; both mocks start clean before every test.
import { loadRemoteModule, registerRemoteEntries } from '../remotes/federation';

jest.mock('../remotes/federation', () => ({ loadRemoteModule: jest.fn(), registerRemoteEntries: jest.fn() }));

export const loadRemote = jest.mocked(loadRemoteModule);
export const register = jest.mocked(registerRemoteEntries);

beforeEach(() => {
  loadRemote.mockReset();
  register.mockReset();
});
