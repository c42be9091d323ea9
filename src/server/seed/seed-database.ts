/**
 * First-start content: the default investment settings and the NDA. Idempotent: existing rows are kept, so a
 * restart (or a second server on the same PostgreSQL) changes nothing.
 */
import { eq } from 'drizzle-orm';
import type { InvestmentSettings } from '../../shared/schemas.ts';
import type { Db } from '../db/types.ts';
import { assets, settings } from '../db/schema.ts';
import { recordAuditEvent } from '../domain/record-audit-event.ts';

export const DEFAULT_SETTINGS: InvestmentSettings = { tokenPrice: 0.85, minInvestment: 10_000, maxInvestment: 1_000_000 };
export const NDA_ASSET_KEY = 'nda';

const SYSTEM_META = { ip: null, userAgent: null };

export async function seedDatabase(db: Db, now: Date): Promise<{ seeded: string[] }> {
  const seeded: string[] = [];
  const [nda] = await db.select({ key: assets.key }).from(assets).where(eq(assets.key, NDA_ASSET_KEY)).limit(1);
  // Built outside the transaction: it is pure CPU work and should not hold the database. Imported only when
  // needed: pdf-lib alone takes ~300 ms to load, which every later start would pay for nothing.
  const ndaBytes = nda ? null : await (await import('./nda-pdf.ts')).createNdaPdf();

  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(settings)
      .values(Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value, updatedAt: now })))
      .onConflictDoNothing({ target: settings.key })
      .returning({ key: settings.key });
    seeded.push(...inserted.map((r) => `settings.${r.key}`));
    if (ndaBytes) {
      const rows = await tx
        .insert(assets)
        .values({ key: NDA_ASSET_KEY, name: 'g2g-mutual-nda.pdf', contentType: 'application/pdf', bytes: ndaBytes, createdAt: now })
        .onConflictDoNothing({ target: assets.key })
        .returning({ key: assets.key });
      if (rows.length) seeded.push('assets.nda');
    }
    if (seeded.length) await recordAuditEvent(tx, { userId: null, action: 'system.seed', detail: { seeded }, meta: SYSTEM_META, at: now });
  });
  return { seeded };
}
