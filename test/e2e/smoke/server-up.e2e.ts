import { expect, it } from 'vitest';
import { baseUrl, describeE2E, newPage, screenshot } from '../harness/browser.ts';

describeE2E('smoke: the server serves the app', () => {
  it('answers / with 200 and a document that has a title', async () => {
    const { page, close } = await newPage();
    const response = await page.goto(`${baseUrl}/`);
    expect(response?.status()).toBe(200);
    expect(await page.locator('head > title').count()).toBe(1);
    expect((await page.title()).trim()).not.toBe('');
    await screenshot(page, 'smoke-home');
    await close();
  });
});
