import { describeRemoteContract } from '@kabuto/shared-sdk/ui/test-utils/remote-contract-tests';
import * as routesModule from './routes';
import { ROUTES } from '@kabuto/shared-sdk';

// The money pages are real; loan records, the credit loan and dividends are not built yet and
// say so honestly.
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
