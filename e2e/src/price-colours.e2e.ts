// Up/down colours: en opens green up, jp red up; the setting in settings flips a market screen's
// up colour, and the choice stays after a reload.
import type { Page } from 'playwright-core';
import { ROUTES } from '@kabuto/shared-sdk/routes';
import { freshPhonePageEachTest, openRoute, screenshot } from './support/browser';
import { signInViaApi } from './support/session';

/** The market page's up colour, and which of the palette's red and green it is. */
async function upColour(page: Page): Promise<'red' | 'green' | 'other'> {
  return page.evaluate(() => {
    const style = getComputedStyle(document.documentElement);
    const probe = document.createElement('span');
    document.body.appendChild(probe);
    const colourOf = (value: string) => {
      probe.style.color = value;
      return getComputedStyle(probe).color;
    };
    const up = colourOf('var(--kabuto-up)');
    const red = colourOf(style.getPropertyValue('--kabuto-red').trim());
    const green = colourOf(style.getPropertyValue('--kabuto-green').trim());
    probe.remove();
    return up === red ? 'red' : up === green ? 'green' : 'other';
  });
}

async function openMarketIn(page: Page, lang: 'en' | 'jp') {
  await openRoute(page, ROUTES.login);
  await page.evaluate((chosen) => localStorage.setItem('lang', chosen), lang);
  await openRoute(page, ROUTES.market);
  await page.reload();
  await page.locator('[data-testid^="quote-row-"]').first().waitFor({ timeout: 30000 });
}

describe('price colours', () => {
  let page: Page;
  freshPhonePageEachTest({}, (fresh) => (page = fresh));

  it('en defaults to green up, jp to red up', async () => {
    await openMarketIn(page, 'en');
    await expect(upColour(page)).resolves.toBe('green');
    await screenshot(page, 'price-colours-market-en');
    await openMarketIn(page, 'jp');
    await expect(upColour(page)).resolves.toBe('red');
    await screenshot(page, 'price-colours-market-jp');
  });

  it('the setting flips the market up colour and is kept', async () => {
    await signInViaApi(page);
    await openMarketIn(page, 'en');
    await expect(upColour(page)).resolves.toBe('green');

    await openRoute(page, ROUTES.settings);
    await page.getByTestId('price-colours-redUp').click();
    await screenshot(page, 'price-colours-settings-en');
    await openRoute(page, ROUTES.market);
    await page.locator('[data-testid^="quote-row-"]').first().waitFor({ timeout: 30000 });
    await expect(upColour(page)).resolves.toBe('red');

    await page.reload();
    await page.locator('[data-testid^="quote-row-"]').first().waitFor({ timeout: 30000 });
    await expect(upColour(page)).resolves.toBe('red');
    await expect(page.evaluate(() => localStorage.getItem('priceColours'))).resolves.toBe('redUp');
  });
});
