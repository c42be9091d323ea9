/**
 * The `mail` job: one message, rendered when the change that needs it committed (a one-time code's challenge), sent
 * through the mail provider by the job runner. The payload holds the code in clear text only until the mail is sent
 * (the runner clears it then, or when it gives up) and is never logged.
 */
import * as v from 'valibot';
import type { Db } from '../db/types.ts';
import type { MailMessage, Mailer } from '../providers/mail/mailer.ts';
import { enqueueJob } from './enqueue-job.ts';
import type { JobHandler } from './job-runner.ts';

const MailPayloadSchema = v.object({ to: v.string(), subject: v.string(), text: v.string() });

export const mailJobHandler = (mailer: Mailer): JobHandler<MailMessage> => ({
  parse: (payload) => v.parse(MailPayloadSchema, payload),
  run: (message) => mailer.send(message),
});

/** Records `message` for sending inside the caller's transaction; `dedupeKey` keeps it to one mail per cause. */
export const enqueueMail = (tx: Db, message: MailMessage, now: Date, dedupeKey?: string) =>
  enqueueJob(tx, { kind: 'mail', payload: { ...message }, ...(dedupeKey ? { dedupeKey } : {}) }, now);
