/**
 * The data migration that came with the table investment_cases (migration 0015): every investor who has an
 * investment but no stored case gets one, derived from the rows as they stand, a thousand at a time; that it ran,
 * and what it found, is recorded once in data_migrations. Run at start right after the SQL migrations (under the
 * migration lock on PostgreSQL); once recorded, a start only reads that one row.
 */
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { dataMigrations, investmentCases, investments } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { recordCases } from './record-case.ts';

export const DERIVE_CASES_MIGRATION = '0015_investment_cases';
const BATCH = 1000;

export type CasesDerivation = { ran: false } | { ran: true; cases: number; anomalies: number };

export async function deriveInvestmentCases(db: Db, now = new Date()): Promise<CasesDerivation> {
  const [done] = await db.select({ name: dataMigrations.name }).from(dataMigrations).where(eq(dataMigrations.name, DERIVE_CASES_MIGRATION)).limit(1);
  if (done) return { ran: false };
  return db.transaction(async (tx) => {
    let cases = 0;
    let anomalies = 0;
    let after: string | null = null;
    for (;;) {
      const missing: { userId: string }[] = await tx
        .select({ userId: investments.userId })
        .from(investments)
        .leftJoin(investmentCases, eq(investmentCases.userId, investments.userId))
        .where(and(isNull(investmentCases.userId), after ? gt(investments.userId, after) : undefined))
        .orderBy(asc(investments.userId))
        .limit(BATCH);
      if (missing.length === 0) break;
      const recorded = await recordCases(tx, missing.map((m) => m.userId), new Map(), now);
      cases += recorded.size;
      for (const c of recorded.values()) if (c.anomalies.length > 0) anomalies++;
      after = missing.at(-1)!.userId;
    }
    const [recorded] = await tx
      .insert(dataMigrations)
      .values({ name: DERIVE_CASES_MIGRATION, ranAt: now, detail: { cases, anomalies } })
      .onConflictDoNothing()
      .returning({ name: dataMigrations.name });
    // Another server recorded it first (PGlite has no second server; PostgreSQL runs this under the migration lock).
    if (!recorded) return { ran: false } as const;
    return { ran: true, cases, anomalies } as const;
  });
}
