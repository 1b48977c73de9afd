import { describeRemoteContract } from '@kabuto/shared-sdk/ui/test-utils/remote-contract-tests';
import { ROUTES } from '@kabuto/shared-sdk';
import * as routesModule from './routes';

// Every IPO page is real.
describeRemoteContract(routesModule, { implementedPages: [ROUTES.ipoSubscribe, ROUTES.ipoSubscriptions, ROUTES.ipoList, ROUTES.ipoVerify] });
