// Toasts through antd-mobile (the host port's `toast`), loaded on first use: the
// frame's first paint does not wait for the UI kit. Only Toast is read from the import,
// which webpack sees, so the chunk holds the toast and nothing else.
import { TOAST_MS } from '@kabuto/shared-sdk';

export function showToast(text: string, durationMs: number = TOAST_MS): void {
  import('antd-mobile').then(
    ({ Toast }) => {
      Toast.show({ content: text, duration: durationMs });
    },
    (error: unknown) => {
      // Without the UI kit there is no toast to show; keep the message for support.
      console.error('[kabuto] toast unavailable:', text, error);
    },
  );
}
