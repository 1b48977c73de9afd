// Choosing a photo in one of the app's image fields (identity documents, deposit proofs), as a
// customer picking a file would, and waiting until the private upload it starts has answered.
import type { Page } from 'playwright-core';
import { makePng } from './png';

export async function pickImage(page: Page, testId: string, colour: readonly [number, number, number]): Promise<void> {
  const uploaded = page.waitForResponse((response) => response.url().includes('/uploads') && response.request().method() === 'POST');
  await page
    .getByTestId(testId)
    .locator('input[type=file]')
    .setInputFiles({ name: `${testId}.png`, mimeType: 'image/png', buffer: makePng(64, 40, [...colour]) });
  expect((await uploaded).status()).toBe(200);
}
