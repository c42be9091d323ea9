/**
 * First-start content: the default investment settings, the NDA, the demo disclosure sections, the seven demo
 * agreements and the demo screening list (made-up names). Idempotent: existing rows are kept, so a restart (or a second server on the same PostgreSQL) changes
 * nothing. Demo sections are put in only while the table has never held any (an issuer's own set, loaded or retired,
 * is never mixed in); a demo agreement only for a key that has no current version (an issuer's agreement, loaded
 * through CONTENT_DIR before this runs, is never replaced by the demo).
 */
import { eq, isNull } from 'drizzle-orm';
import { DISCLOSURE } from '../../shared/constants.ts';
import type { InvestmentSettings } from '../../shared/investment-settings.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import type { Db } from '../db/types.ts';
import { agreementVersions, assets, disclosureSections, settings } from '../db/schema/index.ts';
import { replaceDisclosureSections } from '../domain/disclosure/replace-disclosure-sections.ts';
import { replaceAgreementVersions } from '../domain/legal/replace-agreement-versions.ts';
import { recordAuditEvent } from '../domain/record-audit-event.ts';
import { seedDemoScreeningList } from './seed-screening-list.ts';

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
  if (await seedDemoDisclosure(db, now)) seeded.push('disclosure_sections');
  seeded.push(...(await seedDemoAgreements(db, now)).map((key) => `agreement_versions.${key}`));
  if (await seedDemoScreeningList(db, now)) seeded.push('screening_lists.demo');
  return { seeded };
}

async function seedDemoAgreements(db: Db, now: Date): Promise<string[]> {
  const present = new Set((await db.select({ key: agreementVersions.key }).from(agreementVersions).where(isNull(agreementVersions.retiredAt))).map((r) => r.key));
  const { AGREEMENTS } = await import('./agreement-text/index.ts');
  if (AGREEMENTS.every((a) => present.has(a.key))) return [];
  const { demoAgreementSources } = await import('./agreement-documents.ts');
  const missing = (await demoAgreementSources()).filter((source) => !present.has(source.key));
  try {
    return (await replaceAgreementVersions(db, missing, now)).added;
  } catch (error) {
    // A second server seeding the same PostgreSQL at once: its versions are the same demo ones.
    if (isUniqueViolation(error)) return [];
    throw error;
  }
}

async function seedDemoDisclosure(db: Db, now: Date): Promise<boolean> {
  const [any] = await db.select({ id: disclosureSections.id }).from(disclosureSections).limit(1);
  if (any) return false;
  const { DISCLOSURE_DOCUMENTS, createDisclosurePdf } = await import('./disclosure-documents.ts');
  const sources = await Promise.all(
    DISCLOSURE_DOCUMENTS.map(async (d, i) => ({ slug: d.slug, title: d.title, order: i + 1, minReadingTime: DISCLOSURE.defaultMinReadingMinutes, pdf: await createDisclosurePdf(d.slug) })),
  );
  // Two servers starting at once on one PostgreSQL may both get here; the slug constraint lets one win.
  try {
    await replaceDisclosureSections(db, sources, now);
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
