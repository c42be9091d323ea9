/**
 * The last good price of each coin (crypto_prices): written after every answer the price service gave that passed
 * the checks, read when the service fails, so a failing service shows an older real price, never an invented one.
 */
import { sql } from 'drizzle-orm';
import type { CryptoCurrency } from '../../../shared/payment.ts';
import { CRYPTO_CURRENCIES } from '../../../shared/payment.ts';
import { cryptoPrices } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';

export type StoredPrice = { price: number; sourceUpdatedAt: Date | null; fetchedAt: Date; source: string };

export async function readStoredPrices(db: Db): Promise<Partial<Record<CryptoCurrency, StoredPrice>>> {
  const rows = await db.select().from(cryptoPrices);
  const out: Partial<Record<CryptoCurrency, StoredPrice>> = {};
  for (const row of rows) {
    const currency = CRYPTO_CURRENCIES.find((c) => c === row.currency);
    if (currency) out[currency] = { price: row.priceEur, sourceUpdatedAt: row.sourceUpdatedAt, fetchedAt: row.fetchedAt, source: row.source };
  }
  return out;
}

/**
 * Upserts the prices of one good answer. Several instances may share the table: a row is only replaced by a later
 * fetch, so a slow answer that lands after a newer one does not put an older price back.
 */
export async function storePrices(db: Db, prices: Partial<Record<CryptoCurrency, StoredPrice>>): Promise<void> {
  const rows = Object.entries(prices).map(([currency, p]) => ({
    currency,
    priceEur: p.price,
    sourceUpdatedAt: p.sourceUpdatedAt,
    source: p.source,
    fetchedAt: p.fetchedAt,
  }));
  if (rows.length === 0) return;
  await db
    .insert(cryptoPrices)
    .values(rows)
    .onConflictDoUpdate({
      target: cryptoPrices.currency,
      set: {
        priceEur: sql`excluded.price_eur`,
        sourceUpdatedAt: sql`excluded.source_updated_at`,
        source: sql`excluded.source`,
        fetchedAt: sql`excluded.fetched_at`,
      },
      setWhere: sql`${cryptoPrices.fetchedAt} <= excluded.fetched_at`,
    });
}
