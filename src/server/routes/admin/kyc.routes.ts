/**
 * The KYC review (issue 15), under /api/admin/kyc. Compliance decides; an auditor reads (staffAuth lets auditors
 * through every GET, so no route lists them).
 *   GET  /cases?status=&sort=&q=&investorType=&minAmount=&country=&cursor=   the queue (oldest first by default), 50 a page
 *   GET  /cases/:userId                                       the case
 *   GET  /cases/:userId/documents/:documentId                 one of THAT investor's files, inline, sandboxed; audited
 *   POST /cases/:userId/decision                              { decision, reason?, steps?, message?, expectedRound }
 *   POST /cases/:userId/assignment                            { assignTo, expectedAssignee } -> { assignee }
 *   POST /cases/:userId/notes                                 { body, requestId } -> 201 { note } (200 for a repeat)
 *   GET  /cases/:userId/checks                                the reviewer aids: screening hits, risk score (issue 30)
 *   POST /cases/:userId/screening-hits/:hitId                 { decision: TRUE_MATCH|FALSE_POSITIVE, reason } -> the checks
 *   PUT  /cases/:userId/edd/:item                             { done, expectedRound } -> the checks (high-risk checklist)
 * The queue also takes assignee=me|none|<staff id>.
 */
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import * as v from 'valibot';
import { kycReviewMessages } from '../../../shared/admin/kyc-messages.ts';
import { EddItemUpdateSchema, ScreeningHitDecisionSchema } from '../../../shared/admin/kyc-checks.ts';
import { setEddItem } from '../../domain/admin/kyc-edd.ts';
import { KYC_ASSIGNEE_FILTERS, KYC_QUEUE_LIMIT, KYC_QUEUE_SORTS, KYC_QUEUE_STATUSES, KycAssignmentSchema, KycDecisionSchema, KycNoteSchema } from '../../../shared/admin/kyc-review.ts';
import { ROLES } from '../../../shared/admin/staff-roles.ts';
import { PRIMARY_JURISDICTIONS } from '../../../shared/registration.ts';
import { STORED_INVESTOR_TYPES } from '../../../shared/user-details.ts';
import type { AppDeps, AppEnv } from '../../app-context.ts';
import { assignKycCase } from '../../domain/admin/kyc-assignment.ts';
import { findCaseDocument, getKycCase } from '../../domain/admin/kyc-case.ts';
import { decideKyc, recordDocumentView } from '../../domain/admin/kyc-decision.ts';
import { addKycNote } from '../../domain/admin/kyc-notes.ts';
import { decideScreeningHit } from '../../domain/admin/screening-hit-decision.ts';
import { caseChecks } from '../../domain/admin/kyc-checks-read.ts';
import { listKycQueue } from '../../domain/admin/kyc-queue.ts';
import { AppError } from '../../errors/app-error.ts';
import { attachmentDisposition } from '../../http/content-disposition.ts';
import { parseInput, readJson } from '../../http/read-json.ts';
import { staffRequestContext } from '../../http/request-context.ts';
import { staffAuth } from '../../http/staff-auth.ts';
import { STORED_FILE_EXTENSIONS } from '../../storage/stored-name.ts';

const QueueQuerySchema = v.object({
  status: v.optional(v.picklist(KYC_QUEUE_STATUSES), 'UNDER_REVIEW'),
  sort: v.optional(v.picklist(KYC_QUEUE_SORTS, kycReviewMessages.unknownSort), 'oldest'),
  country: v.optional(v.picklist(PRIMARY_JURISDICTIONS, kycReviewMessages.unknownCountry)),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200))),
  investorType: v.optional(v.picklist(STORED_INVESTOR_TYPES)),
  minAmount: v.optional(v.pipe(v.string(), v.regex(/^\d{1,12}(\.\d{1,2})?$/), v.transform(Number))),
  cursor: v.optional(v.pipe(v.string(), v.maxLength(200))),
  assignee: v.optional(v.union([v.picklist(KYC_ASSIGNEE_FILTERS), v.pipe(v.string(), v.uuid())], kycReviewMessages.unknownAssigneeFilter)),
  /** A smaller page than KYC_QUEUE_LIMIT (never a larger one). */
  limit: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(KYC_QUEUE_LIMIT))),
});

const notFound = () => new AppError('NOT_FOUND', kycReviewMessages.notFound);

/** The file for reading in the back-office: inline, under a safe name, and nothing in it may run or be sniffed. */
function inlineFileHeaders(file: { contentType: string; size: number; originalName: string; fallbackName: string }) {
  return {
    'Content-Type': file.contentType,
    'Content-Length': String(file.size),
    'Content-Disposition': attachmentDisposition(file.originalName, file.fallbackName).replace(/^attachment;/, 'inline;'),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  };
}

export function kycReviewRoutes(deps: AppDeps) {
  const { db, storage, log } = deps;
  const compliance = staffAuth(deps, ROLES.compliance);
  return new Hono<AppEnv>()
    .get('/cases', compliance, async (c) => {
      const query = parseInput(QueueQuerySchema, c.req.query(), { messages: 'schema' });
      const { assignee, ...filters } = query;
      const holder = assignee === 'me' ? c.get('staff').staffId : assignee;
      return c.json(await listKycQueue(db, { ...filters, q: query.q || undefined, assignee: holder }, staffRequestContext(c, deps).now));
    })
    .get('/cases/:userId', compliance, async (c) => c.json(await getKycCase(db, c.req.param('userId'))))
    .get('/cases/:userId/checks', compliance, async (c) => c.json(await caseChecks(db, c.req.param('userId'))))
    .get('/cases/:userId/documents/:documentId', compliance, async (c) => {
      const ctx = staffRequestContext(c, deps);
      const userId = c.req.param('userId');
      const doc = await findCaseDocument(db, userId, c.req.param('documentId'));
      if (!doc) throw notFound();
      const stored = await storage.open(doc.fileName);
      if (!stored) {
        log.error('A KYC file is missing from the store', { fileName: doc.fileName });
        throw notFound();
      }
      try {
        await recordDocumentView(db, userId, doc, ctx, ctx.roles.includes('compliance') ? 'compliance' : 'auditor');
      } catch (error) {
        stored.stream.destroy();
        throw error;
      }
      const ext = STORED_FILE_EXTENSIONS[doc.contentType as keyof typeof STORED_FILE_EXTENSIONS] ?? 'bin';
      const headers = inlineFileHeaders({ contentType: doc.contentType, size: stored.size, originalName: doc.originalName, fallbackName: `document.${ext}` });
      if (c.req.method === 'HEAD') {
        stored.stream.destroy();
        return c.body(null, 200, headers);
      }
      return c.body(Readable.toWeb(stored.stream) as unknown as ReadableStream<Uint8Array>, 200, headers);
    })
    .post('/cases/:userId/decision', compliance, async (c) => {
      const ctx = staffRequestContext(c, deps);
      const payload = await readJson(c, KycDecisionSchema, { messages: 'schema' });
      const answer = await decideKyc(db, c.req.param('userId'), payload, ctx);
      deps.jobs.wake();
      return c.json(answer);
    })
    .post('/cases/:userId/assignment', compliance, async (c) => {
      const ctx = staffRequestContext(c, deps);
      const payload = await readJson(c, KycAssignmentSchema, { messages: 'schema' });
      return c.json(await assignKycCase(db, c.req.param('userId'), payload, ctx));
    })
    .post('/cases/:userId/notes', compliance, async (c) => {
      const ctx = staffRequestContext(c, deps);
      const payload = await readJson(c, KycNoteSchema, { messages: 'schema' });
      const { note, created } = await addKycNote(db, c.req.param('userId'), payload, ctx);
      return c.json({ note }, created ? 201 : 200);
    })
    .post('/cases/:userId/screening-hits/:hitId', compliance, async (c) => {
      const ctx = staffRequestContext(c, deps);
      const payload = await readJson(c, ScreeningHitDecisionSchema, { messages: 'schema' });
      return c.json(await decideScreeningHit(db, c.req.param('userId'), c.req.param('hitId'), payload, ctx));
    })
    .put('/cases/:userId/edd/:item', compliance, async (c) => {
      const ctx = staffRequestContext(c, deps);
      const payload = await readJson(c, EddItemUpdateSchema, { messages: 'schema' });
      return c.json(await setEddItem(db, c.req.param('userId'), c.req.param('item'), payload, ctx));
    });
}
