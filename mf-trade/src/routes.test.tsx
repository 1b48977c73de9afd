import { describeRemoteContract } from '@kabuto/shared-sdk/ui/test-utils/remote-contract-tests';
import { ROUTES } from '@kabuto/shared-sdk';
import * as routesModule from './routes';

// Positions, position detail and the day-trading page (opening auction, after-hours PTS, block
// trades) are real; coupons are not built yet and say so honestly.
describeRemoteContract(routesModule, { implementedPages: [ROUTES.positions, ROUTES.positionDetail, ROUTES.openingAuction] });
