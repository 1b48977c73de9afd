import { describeRemoteContract } from '@kabuto/shared-sdk/ui/test-utils/remote-contract-tests';
import { ROUTES } from '@kabuto/shared-sdk';
import * as routesModule from './routes';

// Issue 11 made positions and position detail real, issue 13 the day-trading page (opening
// auction, after-hours PTS, block trades); coupons are a later issue and still say so honestly.
describeRemoteContract(routesModule, { implementedPages: [ROUTES.positions, ROUTES.positionDetail, ROUTES.openingAuction] });
