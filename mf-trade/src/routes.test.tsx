import { describeRemoteContract } from '@kabuto/shared-sdk/ui/test-utils/remote-contract-tests';
import { ROUTES } from '@kabuto/shared-sdk';
import * as routesModule from './routes';

// Issue 11 made positions and position detail real; the opening auction and coupons are
// later issues and still say so honestly.
describeRemoteContract(routesModule, { implementedPages: [ROUTES.positions, ROUTES.positionDetail] });
