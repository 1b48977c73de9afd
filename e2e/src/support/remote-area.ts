// A remote's page has rendered inside its area: something is shown, no loading
// placeholder is left and the area did not fall back to "Loading chunk failed".
import type { Page } from 'playwright-core';
import { shellText } from './expected-titles';

export async function remoteRendered(page: Page, remote: string): Promise<void> {
  await page.waitForFunction(
    ({ remote, failed }) => {
      const area = document.querySelector(`[data-testid="remote-area-${remote}"]`);
      const text = area?.textContent?.trim() ?? '';
      return text.length > 0 && !area?.querySelector('[data-testid="page-placeholder"]') && !text.includes(failed);
    },
    { remote, failed: shellText('remote.failed', 'en') },
    { timeout: 20000 },
  );
}
