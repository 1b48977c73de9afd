// '@kabuto/shared-sdk/ui/forms': form pieces built on antd-mobile's inputs (the fund password).
// An entry of its own, apart from '@kabuto/shared-sdk/ui': that one is on every remote's
// first page and stays free of the kit's components; the pages that have these forms load
// this one.
export {
  FundPasswordConfirm,
  FundPasswordInput,
  FundPasswordNotice,
  type FundPasswordConfirmProps,
  type FundPasswordInputProps,
  type FundPasswordNoticeProps,
} from './fund-password';
