import { describeRemoteContract } from '@kabuto/shared-sdk/ui/test-utils/remote-contract-tests';
import * as routesModule from './routes';
import { ROUTES } from '@kabuto/shared-sdk';

// Issue 4 made the money pages real; loan records, the credit loan and dividends are later
// issues and still say so honestly.
const FUNDS_PAGES = [
  ROUTES.deposit,
  ROUTES.depositChannel,
  ROUTES.withdraw,
  ROUTES.exchange,
  ROUTES.exchangeRecords,
  ROUTES.bankCards,
  ROUTES.bankCardAdd,
  ROUTES.fundRecords,
];

describeRemoteContract(routesModule, { implementedPages: FUNDS_PAGES });
