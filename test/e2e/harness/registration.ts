/** The registration wizard as an investor fills it in the browser, step by step (checks and screenshots stay in the specs). */
import type { Page } from 'playwright-core';
import { messages } from '../../../src/shared/messages.ts';
import { baseUrl } from './browser.ts';

export type InvestorDetails = { fullName: string; dateOfBirth: string; nationality: string; email: string; walletAddress: string };

export const next = (page: Page) => page.getByRole('button', { name: messages.registration.next }).click();

/** Opens /auth/register, enters the amount, goes on to step 2 and chooses an individual investor. */
export async function startRegistration(page: Page, amount = '25000'): Promise<void> {
  await page.goto(`${baseUrl}/auth/register`);
  await page.locator('#reg-amount').fill(amount);
  await next(page);
  await page.getByRole('radio', { name: /individual/i }).check();
}

/** Fills step 2's individual fields (those given) and, unless `stay`, goes on to step 3. */
export async function fillInvestorStep(page: Page, details: Partial<InvestorDetails>, { stay = false } = {}): Promise<void> {
  for (const [field, value] of Object.entries(details)) await page.locator(`#reg-${field}`).fill(value);
  if (!stay) await next(page);
}

/** Step 3: jurisdiction and the three certifications; submits unless `stay`. */
export async function completeQualification(page: Page, { stay = false } = {}): Promise<void> {
  await page.locator('#reg-primaryJurisdiction').selectOption('uk');
  for (const id of ['qualifiedInvestor', 'riskUnderstanding', 'financialCapacity']) await page.locator(`#reg-${id}`).check();
  if (!stay) await page.getByRole('button', { name: messages.registration.complete }).click();
}
