// The SDK's form schemas (zod) for the sign-in pages, loaded when a form is first checked
// rather than with the page: zod is 92 KiB whose evaluation was the longest task when a
// signed-out customer opens a protected page and gets the login form. The form
// asks for them on its first focus (an idle-time load still fell inside the start-up
// window Lighthouse measures), so a submit rarely waits.
export type FormSchemas = typeof import('@kabuto/shared-sdk/schemas');

let loading: Promise<FormSchemas> | null = null;

export function loadFormSchemas(): Promise<FormSchemas> {
  loading ??= import('@kabuto/shared-sdk/schemas');
  // A failed chunk load may work on the next submit.
  loading.catch(() => (loading = null));
  return loading;
}

/** Starts loading the schemas (once the main thread is idle), e.g. when a field gets focus. */
export function preloadFormSchemas(): void {
  const start = () => void loadFormSchemas().catch(() => undefined);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(start, { timeout: 3000 });
  else setTimeout(start, 0);
}
