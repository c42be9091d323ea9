/**
 * The foundation's bank account for wire transfers, from the environment, checked at start with ibantools (a bad
 * IBAN checksum or BIC stops the server naming the variable):
 *
 *   BANK_NAME, BANK_ACCOUNT_NAME (the beneficiary, at most 70 characters: the EPC QR's limit), BANK_IBAN (spaces
 *   allowed), BANK_BIC (8 or 11 characters).
 *
 * Unset, each takes a demo value (the well-known example IBAN DE89 3704 0044 0532 0130 00, clearly not the
 * foundation's) and `demoDefaults` names it so the start warns; with NODE_ENV=production an unset one stops the
 * start. Shown in the portal only, never emailed.
 */
import { electronicFormatIBAN, friendlyFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { ConfigError, type Env, readEnv } from './env.ts';

export type BankAccount = {
  bankName: string;
  accountName: string;
  /** Electronic format: no spaces, upper case. */
  iban: string;
  bic: string;
  /** The variables whose demo default is in use. */
  demoDefaults: string[];
};

export const DEMO_BANK = {
  BANK_NAME: 'Demo Bank AG (example account, configure BANK_*)',
  BANK_ACCOUNT_NAME: 'G2G Token Foundation',
  BANK_IBAN: 'DE89370400440532013000',
  BANK_BIC: 'COBADEFFXXX',
} as const;

/** The EPC QR's beneficiary name limit (EPC069-12). */
export const BANK_ACCOUNT_NAME_MAX = 70;

/** One line of printable text, at most `max` characters. */
function line(name: string, value: string, max: number): string {
  if (value.length > max || /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(value)) throw new ConfigError(name, `must be one line of at most ${max} characters.`);
  return value;
}

/** The IBAN grouped in fours, as the page shows it. */
export const groupedIban = (iban: string): string => friendlyFormatIBAN(iban) ?? iban;

export function loadBankSettings(env: Env): BankAccount {
  const demoDefaults: string[] = [];
  const production = readEnv(env, 'NODE_ENV') === 'production';
  const get = (name: keyof typeof DEMO_BANK): string => {
    const value = readEnv(env, name);
    // Investors wire real money to what the page shows: production names the foundation's own account.
    if (value === undefined && production) throw new ConfigError(name, "is required when NODE_ENV=production: the demo bank account is not the foundation's.");
    if (value === undefined) demoDefaults.push(name);
    return value ?? DEMO_BANK[name];
  };
  const bankName = line('BANK_NAME', get('BANK_NAME'), 140);
  const accountName = line('BANK_ACCOUNT_NAME', get('BANK_ACCOUNT_NAME'), BANK_ACCOUNT_NAME_MAX);
  const rawIban = get('BANK_IBAN');
  const iban = electronicFormatIBAN(rawIban) ?? '';
  if (!isValidIBAN(iban)) throw new ConfigError('BANK_IBAN', `"${rawIban}" is not a valid IBAN (country, check digits and account number; the checksum must match).`);
  const bic = get('BANK_BIC').toUpperCase();
  if (!isValidBIC(bic)) throw new ConfigError('BANK_BIC', `"${bic}" is not a valid BIC (8 or 11 characters: bank, country, location, optional branch).`);
  return { bankName, accountName, iban, bic, demoDefaults };
}
