import { describeRemoteContract } from '@kabuto/shared-sdk/ui/test-utils/remote-contract-tests';
import * as routesModule from './routes';

// Issue 4 made the money pages real; credit loans (jkjl, pj) and dividends are later
// issues and still say so honestly.
const FUNDS_PAGES = [
  '/pages/mine/capitalTransfer',
  '/pages/mine/capitalChannel',
  '/pages/mine/cashOut',
  '/pages/mine/exChange',
  '/pages/mine/change',
  '/pages/mine/bankManagement',
  '/pages/mine/bandBankCard',
  '/pages/mine/transactionRecord',
];

describeRemoteContract(routesModule, { implementedPages: FUNDS_PAGES });
