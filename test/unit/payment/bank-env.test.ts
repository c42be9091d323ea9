/** The bank settings: ibantools checks the IBAN checksum and the BIC; each bad value names its variable. */
import { describe, expect, it } from 'vitest';
import { DEMO_BANK, groupedIban, loadBankSettings } from '../../../src/server/config/bank-env.ts';
import { ConfigError, type Env } from '../../../src/server/config/env.ts';

function refusal(env: Env): ConfigError {
  try {
    loadBankSettings(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}

describe('loadBankSettings', () => {
  it('demo defaults: a valid IBAN and BIC, every variable named as a demo default', () => {
    const bank = loadBankSettings({});
    expect(bank).toMatchObject({ bankName: DEMO_BANK.BANK_NAME, accountName: 'G2G Token Foundation', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' });
    expect(bank.demoDefaults.sort()).toEqual(['BANK_ACCOUNT_NAME', 'BANK_BIC', 'BANK_IBAN', 'BANK_NAME']);
  });

  it('takes an IBAN with spaces and lower case, and an 8-character BIC', () => {
    const bank = loadBankSettings({ BANK_NAME: 'Zuger Kantonalbank', BANK_ACCOUNT_NAME: 'G2G Token Foundation', BANK_IBAN: ' ch93 0076 2011 6238 5295 7 ', BANK_BIC: 'kbzgch22' });
    expect(bank.iban).toBe('CH9300762011623852957');
    expect(bank.bic).toBe('KBZGCH22');
    expect(bank.demoDefaults).toEqual([]);
    expect(groupedIban(bank.iban)).toBe('CH93 0076 2011 6238 5295 7');
  });

  const bad: [Env, string][] = [
    [{ BANK_IBAN: 'DE89370400440532013001' }, 'BANK_IBAN'],
    [{ BANK_IBAN: 'DE00370400440532013000' }, 'BANK_IBAN'],
    [{ BANK_IBAN: 'XX89370400440532013000' }, 'BANK_IBAN'],
    [{ BANK_IBAN: 'DE8937040044053201300' }, 'BANK_IBAN'],
    [{ BANK_IBAN: 'not an iban' }, 'BANK_IBAN'],
    [{ BANK_BIC: 'COBADEF' }, 'BANK_BIC'],
    [{ BANK_BIC: 'COBA1EFFXXX' }, 'BANK_BIC'],
    [{ BANK_BIC: 'COBAXXFFXXX' }, 'BANK_BIC'],
    [{ BANK_BIC: 'COBADEFFXXXX' }, 'BANK_BIC'],
    [{ BANK_ACCOUNT_NAME: 'x'.repeat(71) }, 'BANK_ACCOUNT_NAME'],
    [{ BANK_ACCOUNT_NAME: 'G2G\nFoundation' }, 'BANK_ACCOUNT_NAME'],
    [{ BANK_NAME: 'Bank\u202eAG' }, 'BANK_NAME'],
  ];
  it.each(bad)('refuses %j naming %s', (env, variable) => {
    const error = refusal(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(`Invalid environment variable ${variable}`);
  });
});
