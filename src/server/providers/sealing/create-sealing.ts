/**
 * What a start needs for sealing, in one call: the sealing key checked (createSealingKey) and the sealer that
 * stamps and seals signed agreements off the event loop (pdf/agreement-sealer.ts). start-server.ts calls it after
 * the data-dir lock and before listening, hands `sealer` to the job that seals agreements, and awaits `close()` on
 * shutdown (before the database closes, so a document being sealed can still be stored).
 */
import type { Clock } from '../../clock.ts';
import type { SealingSettings } from '../../config/sealing-env.ts';
import type { Log } from '../../log.ts';
import { createAgreementSealer, type AgreementSealer } from '../../pdf/agreement-sealer.ts';
import { createSealingKey } from './create-sealing-key.ts';
import type { SealingKey } from './sealing-key.ts';

export type StartedSealing = { key: SealingKey; sealer: AgreementSealer; close(): Promise<void> };

export async function createSealing(settings: SealingSettings, context: { dataDir: string; clock: Clock; log: Log }): Promise<StartedSealing> {
  const key = await createSealingKey(settings.key, context);
  const sealer = createAgreementSealer({ key, workers: settings.workers, contact: settings.contact, log: context.log });
  const where =
    settings.workers === 0
      ? 'on the server thread (SEALING_WORKERS=0)'
      : `in ${settings.workers} worker thread${settings.workers === 1 ? '' : 's'} (SEALING_WORKERS)`;
  // One line naming the seal whatever its source, so an operator can tell from the start log which key seals.
  context.log.info(`Signed agreements are stamped and sealed ${where} with the seal of ${key.certificate.subject} (SHA-256 ${key.certificate.fingerprintSha256})`);
  return { key, sealer, close: () => sealer.close() };
}
