/**
 * A refused registration names the payload field its message is about (`{ error, field }`, RegistrationRejectionSchema),
 * so the form can show the message at that field and take the investor to the step that holds it.
 */
import * as v from 'valibot';
import { expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import { RegistrationRejectionSchema, amountError, tokensFor } from '../../src/shared/registration.ts';
import { DEFAULT_SETTINGS } from '../../src/server/seed/seed-database.ts';
import { forEachDatabase, individualPayload, entityPayload } from './harness.ts';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

forEachDatabase('the field of a registration refusal', (t) => {
  const refusal = async (body: unknown) => {
    const res = await t.post('/api/auth/register', body);
    const json = (await res.json()) as unknown;
    expect(v.is(RegistrationRejectionSchema, json), JSON.stringify(json)).toBe(true);
    return [res.status, json];
  };

  it('a date of birth in the future, under 18 or not a real day: its own words and dateOfBirth', async () => {
    const now = t.clock.now();
    const tomorrow = isoDay(new Date(now.getTime() + 86_400_000));
    const seventeen = isoDay(new Date(Date.UTC(now.getUTCFullYear() - 17, now.getUTCMonth(), 1)));
    expect(await refusal(individualPayload({ dateOfBirth: tomorrow }))).toEqual([400, { error: messages.registration.dateOfBirthFuture, field: 'dateOfBirth' }]);
    expect(await refusal(individualPayload({ dateOfBirth: seventeen }))).toEqual([400, { error: messages.registration.dateOfBirthUnderAge, field: 'dateOfBirth' }]);
    for (const dateOfBirth of ['1985-02-30', '1850-01-01', '10/12/1985']) {
      expect(await refusal(individualPayload({ dateOfBirth }))).toEqual([400, { error: messages.registration.dateOfBirthInvalid, field: 'dateOfBirth' }]);
    }
  });

  it('format problems name their field; a missing or empty field gets the general words and its name', async () => {
    expect(await refusal(individualPayload({ walletAddress: '0x123' }))).toEqual([400, { error: messages.registration.walletInvalid, field: 'walletAddress' }]);
    expect(await refusal(individualPayload({ email: 'not-an-email' }))).toEqual([400, { error: messages.login.invalidEmail, field: 'email' }]);
    expect(await refusal(individualPayload({ fullName: '  ' }))).toEqual([400, { error: messages.registration.fillRequired, field: 'fullName' }]);
    expect(await refusal(individualPayload({ primaryJurisdiction: 'mars' }))).toEqual([400, { error: messages.registration.fillRequired, field: 'primaryJurisdiction' }]);
    const entity: Record<string, unknown> = { ...entityPayload() };
    delete entity.authorizedSignatory;
    expect(await refusal(entity)).toEqual([400, { error: messages.registration.fillRequired, field: 'authorizedSignatory' }]);
    expect(await refusal(individualPayload({ investorType: 'trust' }))).toEqual([400, { error: messages.registration.fillRequired, field: 'investorType' }]);
    // Not an object at all: nothing to point at.
    expect(await refusal([])).toEqual([400, { error: messages.registration.fillRequired }]);
  });

  it('a mixed-case wallet address whose EIP-55 checksum fails is refused at walletAddress; all-lower, all-upper and a good checksum pass', async () => {
    const good = '0x52908400098527886E0F7030069857D2E4169EE7';
    const badChecksum = '0x52908400098527886E0F7030069857D2E4169Ee7';
    expect(await refusal(individualPayload({ walletAddress: badChecksum }))).toEqual([400, { error: messages.legal.walletChecksum, field: 'walletAddress' }]);
    for (const walletAddress of [good, good.toLowerCase(), `0x${good.slice(2).toUpperCase()}`]) {
      const res = await t.post('/api/auth/register', individualPayload({ walletAddress }));
      expect(res.status, walletAddress).toBe(202);
    }
  });

  it('an amount outside the limits keeps its limits and names investmentAmount', async () => {
    const limits = DEFAULT_SETTINGS;
    const amount = limits.minInvestment - 100;
    expect(await refusal(individualPayload({ investmentAmount: amount, tokenQuantity: tokensFor(amount, limits.tokenPrice) }))).toEqual([
      422,
      { error: amountError(amount, limits), limits, field: 'investmentAmount' },
    ]);
    expect(await refusal(individualPayload({ investmentAmount: 20_000, tokenQuantity: tokensFor(20_000, 0.8) }))).toEqual([
      422,
      { error: messages.registration.checkAmount, limits, field: 'investmentAmount' },
    ]);
  });
});
