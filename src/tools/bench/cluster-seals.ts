/**
 * What the database says after the run: every job finished (none given up), every investor's seven signed agreements
 * sealed exactly once (one signed document per signature, one sealed stored file per document, nothing extra), all
 * with the one sealing key both instances share. Read straight from the bench's PostgreSQL database.
 */
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { AGREEMENT_KEYS } from '../../shared/legal.ts';

export const AGREEMENTS_PER_INVESTOR = AGREEMENT_KEYS.length;

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  // The database dropped under an open check (cleanup after Ctrl-C) ends the connection: the pending query rejects;
  // without a listener the client's 'error' event would crash the bench before the rest of its cleanup.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export type JobCounts = { open: number; failed: number; done: number; sealRuns: number; sealJobs: number; sealRerun: number };

async function jobCounts(client: pg.Client): Promise<JobCounts> {
  const { rows } = await client.query<Record<keyof JobCounts, string>>(`
    select count(*) filter (where done_at is null and failed_at is null) as open,
           count(*) filter (where failed_at is not null) as failed,
           count(*) filter (where done_at is not null) as done,
           coalesce(sum(attempts) filter (where kind = 'seal-agreement'), 0) as "sealRuns",
           count(*) filter (where kind = 'seal-agreement') as "sealJobs",
           count(*) filter (where kind = 'seal-agreement' and attempts > 1) as "sealRerun"
      from jobs`);
  const row = rows[0] as Record<keyof JobCounts, string>;
  return { open: Number(row.open), failed: Number(row.failed), done: Number(row.done), sealRuns: Number(row.sealRuns), sealJobs: Number(row.sealJobs), sealRerun: Number(row.sealRerun) };
}

/** Waits until no job is open (a job held by a killed instance comes back when its lease runs out). */
export async function waitForJobs(url: string, timeoutMs: number): Promise<JobCounts & { waitedMs: number }> {
  const started = Date.now();
  return withClient(url, async (client) => {
    for (let polls = 1; ; polls++) {
      const counts = await jobCounts(client);
      if (counts.open === 0) return { ...counts, waitedMs: Date.now() - started };
      if (polls % 30 === 0) console.log(`[cluster] ${counts.open} jobs still open after ${Math.round((Date.now() - started) / 1000)} s`);
      if (Date.now() - started > timeoutMs) throw new Error(`${counts.open} jobs still open after ${Math.round(timeoutMs / 1000)} s`);
      await delay(1_000);
    }
  });
}

export type SealCheck = { investors: number; signedDocuments: number; sealedFiles: number; fingerprints: number; problems: string[] };

export async function checkSeals(url: string, emailLike: string, expectedInvestors: number): Promise<SealCheck> {
  return withClient(url, async (client) => {
    const problems: string[] = [];
    const { rows } = await client.query<{ email: string; signatures: string; documents: string; signed: string; files: string; sealed_files: string }>(
      `select u.email,
              (select count(*) from agreement_signatures s where s.user_id = u.id) as signatures,
              (select count(*) from signed_documents d where d.user_id = u.id) as documents,
              (select count(distinct d.signature_id) from signed_documents d where d.user_id = u.id) as signed,
              (select count(distinct d.stored_file_id) from signed_documents d where d.user_id = u.id) as files,
              (select count(*) from stored_files f where f.owner_id = u.id and f.purpose = 'agreement_signed') as sealed_files
         from users u where u.email like $1`,
      [emailLike],
    );
    if (rows.length !== expectedInvestors) problems.push(`${rows.length} investor accounts, expected ${expectedInvestors}`);
    let shown = 0;
    for (const row of rows) {
      const counts = [row.signatures, row.documents, row.signed, row.files, row.sealed_files].map(Number);
      if (counts.every((count) => count === AGREEMENTS_PER_INVESTOR)) continue;
      if (shown++ < 5) problems.push(`${row.email}: signatures ${row.signatures}, signed documents ${row.documents} (for ${row.signed} signatures, ${row.files} files), sealed stored files ${row.sealed_files}; expected ${AGREEMENTS_PER_INVESTOR} of each`);
    }
    if (shown > 5) problems.push(`... and ${shown - 5} more investors with the wrong counts`);
    const totals = await client.query<{ documents: string; files: string; fingerprints: string; orphan_rows: string }>(`
      select (select count(*) from signed_documents) as documents,
             (select count(*) from stored_files where purpose = 'agreement_signed') as files,
             (select count(distinct seal_fingerprint) from signed_documents) as fingerprints,
             (select count(*) from stored_files f where f.purpose = 'agreement_signed'
                 and not exists (select 1 from signed_documents d where d.stored_file_id = f.id)) as orphan_rows`);
    const t = totals.rows[0] as { documents: string; files: string; fingerprints: string; orphan_rows: string };
    if (Number(t.orphan_rows) > 0) problems.push(`${t.orphan_rows} sealed stored files belong to no signed document (a seal stored twice)`);
    if (Number(t.fingerprints) > 1) problems.push(`${t.fingerprints} different seal certificates: the instances do not share the sealing key`);
    return { investors: rows.length, signedDocuments: Number(t.documents), sealedFiles: Number(t.files), fingerprints: Number(t.fingerprints), problems };
  });
}

/** Every stored file's name (what the bucket must hold, no more and no less). */
export async function storedNames(url: string): Promise<Set<string>> {
  return withClient(url, async (client) => new Set((await client.query<{ stored_name: string }>('select stored_name from stored_files')).rows.map((row) => row.stored_name)));
}
