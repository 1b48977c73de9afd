// '@kabuto/shared-sdk/ui': UI pieces the SDK shares with every remote. Light on purpose:
// pages import PagePending from here, so the standalone host (store, api, router,
// react-dom) is only reached through a dynamic import and never lands in a page's
// chunks. Test helpers (test-utils/) are not exported: they import jest and
// testing-library and are reached by path in tests.
import type { RemoteRoutesModule } from '../remote/contract';

export { PagePending, registerSdkUiTexts, SDK_UI_NAMESPACE, SDK_UI_TEXTS } from './page-pending';
export { makeAskForCode, useAskStepUpCode, type AskForCodeLabels } from './ask-step-up-code';
export { bridgeAntdMobileToReact19, closeImperativeDialogs } from './antd-mobile-react19';
export { createSubmissionKeys, useSubmissionKeys, type SubmissionKeys } from './submission-keys';
export { useDebounced } from './use-debounced';
export { kit, type KitClass } from './kit';
export { Refusal, type RefusalProps } from './refusal';
export { SubmitFooter, type SubmitFooterProps } from './form-footer';
export { FieldRow, fieldRow, type FieldRowProps } from './field-row';
export { forgetKeptForm, keepForm, readKeptForm, useKeptForm } from './kept-form';
export { defineRemote, pageTitleKey, type PageLoader, type RemoteDefinition } from './define-remote';

/** Team dev mode (`npm run dev -w <remote>`): renders the remote alone on a minimal host. */
export async function renderStandalone(remote: RemoteRoutesModule): Promise<void> {
  // '.js' spelled out: the SDK's CommonJS build (module node16) keeps import() as ESM.
  const host = await import('./standalone-host.js');
  await host.renderStandalone(remote);
}
