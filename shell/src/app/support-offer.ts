// A refusal that points to the support chat (a seat account's, docs/api/support.md §1) as the
// host port's `offerSupport`: the refusal's text with "Contact support", which opens the chat,
// and "Close". The kit's Dialog is loaded on first use, as the toast is.
import { ROUTES, i18n, type Lang } from '@kabuto/shared-sdk';
import { SDK_UI_NAMESPACE } from '@kabuto/shared-sdk/ui';

/** A page that makes several calls gets several such refusals at once: one offer stands for them. */
const REPEAT_WINDOW_MS = 2000;
let lastOfferAt = Number.NEGATIVE_INFINITY;

export function showSupportOffer(text: string, lang: Lang, navigate: (path: string) => void, now: () => number = () => performance.now()): void {
  if (now() - lastOfferAt < REPEAT_WINDOW_MS) return;
  lastOfferAt = now();
  const t = i18n.getFixedT(lang, SDK_UI_NAMESPACE);
  import('antd-mobile').then(
    ({ Dialog }) => {
      void Dialog.confirm({
        content: text,
        confirmText: t('contactSupport'),
        cancelText: t('close'),
        onConfirm: () => navigate(ROUTES.supportChat),
      });
    },
    (error: unknown) => {
      console.error('[kabuto] support offer unavailable:', text, error);
    },
  );
}
