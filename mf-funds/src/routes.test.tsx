import { describeRemoteContract } from '@kabuto/shared-sdk/ui/test-utils/remote-contract-tests';
import * as routesModule from './routes';
import { ROUTES } from '@kabuto/shared-sdk';

// The money and credit pages are real; dividends are not built yet and say so honestly.
const FUNDS_PAGES = [
  ROUTES.deposit,
  ROUTES.depositChannel,
  ROUTES.withdraw,
  ROUTES.exchange,
  ROUTES.exchangeRecords,
  ROUTES.bankCards,
  ROUTES.bankCardAdd,
  ROUTES.fundRecords,
  ROUTES.loanRecords,
  ROUTES.creditLoan,
  ROUTES.lending,
];

describeRemoteContract(routesModule, { implementedPages: FUNDS_PAGES });
