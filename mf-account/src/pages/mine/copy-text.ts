// Copies text with the asynchronous Clipboard API. It exists only in secure contexts
// and the browser may refuse it, so callers get false and show their own fallback
// rather than an exception.
export async function copyText(text: string): Promise<boolean> {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  if (!clipboard || typeof clipboard.writeText !== 'function') return false;
  try {
    await clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Selects the text of an element, so a user whose browser cannot copy can copy it by hand. */
export function selectText(element: HTMLElement | null): void {
  if (!element || typeof window.getSelection !== 'function') return;
  window.getSelection()?.selectAllChildren(element);
}
