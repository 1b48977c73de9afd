import { describeRemoteContract } from '@kabuto/shared-sdk/ui/test-utils/remote-contract-tests';
import * as routesModule from './routes';
import { ROUTES } from '@kabuto/shared-sdk';

// Every market page has landed; each is tested by its own suites and the browser suite.
describeRemoteContract(routesModule, {
  implementedPages: [ROUTES.home, ROUTES.news, ROUTES.newsDetail, ROUTES.market, ROUTES.watchlist, ROUTES.search, ROUTES.stockDetail],
});
