// mf-funds's ./routes module (docs/development.md, "Remote module"): one lazily loaded page
// (its own chunk) per route the route table gives this remote.
import { unstableSetRender } from 'antd-mobile';
import { defineRemote } from '@kabuto/shared-sdk/ui';
import { FUNDS_TEXT_LOADERS } from './text-loaders';

export const { contract, sdkVersion, name, namespace, translations, routes } = defineRemote({
  name: 'mf_funds',
  namespace: 'funds',
  translations: FUNDS_TEXT_LOADERS,
  builtAgainst: { contract: __KABUTO_SDK_CONTRACT__, sdkVersion: __KABUTO_SDK_VERSION__ },
  antdSetRender: unstableSetRender,
  pages: {
    deposit: () => import(/* webpackChunkName: "page-deposit" */ './pages/deposit/DepositPage'),
    depositChannel: () => import(/* webpackChunkName: "page-deposit-channel" */ './pages/deposit-channel/DepositChannelPage'),
    withdraw: () => import(/* webpackChunkName: "page-withdraw" */ './pages/withdraw/WithdrawPage'),
    exchange: () => import(/* webpackChunkName: "page-exchange" */ './pages/exchange/ExchangePage'),
    exchangeRecords: () => import(/* webpackChunkName: "page-exchange-records" */ './pages/exchange-records/ExchangeRecordsPage'),
    bankCards: () => import(/* webpackChunkName: "page-bank-cards" */ './pages/bank-cards/BankCardsPage'),
    bankCardAdd: () => import(/* webpackChunkName: "page-bank-card-add" */ './pages/bank-card-add/AddBankCardPage'),
    fundRecords: () => import(/* webpackChunkName: "page-fund-records" */ './pages/fund-records/FundRecordsPage'),
    loanRecords: () => import(/* webpackChunkName: "page-loan-records" */ './pages/loan-records/LoanRecordsPage'),
    creditLoan: () => import(/* webpackChunkName: "page-credit-loan" */ './pages/credit-loan/CreditLoanPage'),
    lending: () => import(/* webpackChunkName: "page-lending" */ './pages/lending/LendingPage'),
    dividends: () => import(/* webpackChunkName: "page-dividends" */ './pages/dividends/calendar/CalendarPage'),
    dividendDetail: () => import(/* webpackChunkName: "page-dividend-detail" */ './pages/dividends/calendar/CompanyPage'),
    dividends2: () => import(/* webpackChunkName: "page-dividends2" */ './pages/dividends/received/ReceivedPage'),
    dividendDetail2: () => import(/* webpackChunkName: "page-dividend-detail2" */ './pages/dividends/received/PaymentPage'),
    dividends3: () => import(/* webpackChunkName: "page-dividends3" */ './pages/dividends/adjustments/AdjustmentsPage'),
    dividendDetail3: () => import(/* webpackChunkName: "page-dividend-detail3" */ './pages/dividends/adjustments/AdjustmentPage'),
    dividends4: () => import(/* webpackChunkName: "page-dividends4" */ './pages/dividends/actions/ActionsPage'),
    dividendDetail4: () => import(/* webpackChunkName: "page-dividend-detail4" */ './pages/dividends/actions/ActionPage'),
    dividends5: () => import(/* webpackChunkName: "page-dividends5" */ './pages/dividends/perks/PerksPage'),
    dividendDetail5: () => import(/* webpackChunkName: "page-dividend-detail5" */ './pages/dividends/perks/PerkPage'),
  },
});
