import { describeRemoteContract } from '@kabuto/shared-sdk/ui/test-utils/remote-contract-tests';
import { ROUTES } from '@kabuto/shared-sdk';
import * as routesModule from './routes';

// Every page of mf-trade is real: positions, position detail, the day-trading page (opening
// auction, after-hours PTS, block trades), coupons with the daily sign-in, and the strategy
// pages (list, detail with the follow form, following detail, verify) and the investment trusts.
describeRemoteContract(routesModule, {
  implementedPages: [
    ROUTES.positions,
    ROUTES.positionDetail,
    ROUTES.openingAuction,
    ROUTES.coupons,
    ROUTES.strategies,
    ROUTES.strategyDetail,
    ROUTES.followingDetail,
    ROUTES.strategyVerify,
    ROUTES.trusts,
    ROUTES.trust,
  ],
});
