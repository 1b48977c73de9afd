import { describeRemoteContract } from '@kabuto/shared-sdk/ui/test-utils/remote-contract-tests';
import * as routesModule from './routes';

// Every market page has landed (issue 5); each is tested by its own suites and the browser suite.
describeRemoteContract(routesModule, {
  implementedPages: [
    '/pages/home/home',
    '/pages/home/news',
    '/pages/home/newsdetail',
    '/pages/market/market',
    '/pages/market/fllow',
    '/pages/common/search',
    '/pages/common/sharesDetails',
  ],
});
