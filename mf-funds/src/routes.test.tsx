import { describeRemoteContract } from '@kabuto/shared-sdk/ui/test-utils/remote-contract-tests';
import * as routesModule from './routes';
import { ROUTES } from '@kabuto/shared-sdk';

// Every funds page is real: the money, credit and dividend pages.
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
  ROUTES.dividends,
  ROUTES.dividendDetail,
  ROUTES.dividends2,
  ROUTES.dividendDetail2,
  ROUTES.dividends3,
  ROUTES.dividendDetail3,
  ROUTES.dividends4,
  ROUTES.dividendDetail4,
  ROUTES.dividends5,
  ROUTES.dividendDetail5,
];

describeRemoteContract(routesModule, { implementedPages: FUNDS_PAGES });
