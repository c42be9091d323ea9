/**
 * One run of a reviewer aid (issue 30), as every check records it, inside the caller's transaction: the `kyc_checks`
 * row (the round, the result, what it read, the engine, the time taken since `startedAt`) and the audit event
 * `kyc.check.<kind>` with the round, the engine and what the caller names of the outcome (never a document's fields).
 */
import type { KycCheckKind } from '../../../shared/admin/kyc-checks.ts';
import { kycChecks } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { recordAuditEvent } from '../record-audit-event.ts';
import { NO_CLIENT } from '../request-context.ts';

export type CheckRun = {
  userId: string;
  round: number;
  kind: KycCheckKind;
  result: unknown;
  inputs: Record<string, string>;
  engine: string;
  /** performance.now() when the check began. */
  startedAt: number;
  at: Date;
  /** The outcome as the audit trail keeps it. */
  audit: Record<string, unknown>;
};

export async function recordCheck(tx: Db, { userId, round, kind, result, inputs, engine, startedAt, at, audit }: CheckRun): Promise<void> {
  await tx.insert(kycChecks).values({ userId, round, kind, result, inputs, engine, durationMs: Math.max(0, Math.round(performance.now() - startedAt)), finishedAt: at });
  await recordAuditEvent(tx, { userId, action: `kyc.check.${kind}`, detail: { round, ...audit, engine }, meta: NO_CLIENT, at });
}
