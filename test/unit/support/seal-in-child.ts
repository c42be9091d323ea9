/**
 * Seals the seven agreements through a worker-thread sealer in a process of its own, started the way the server
 * is (`node --import tsx`), and prints what it did as JSON. Used by agreement-sealer.test.ts; also a quick manual
 * check: node --import tsx test/unit/support/seal-in-child.ts /tmp/out
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createMemoryLog } from '../../../src/server/log.ts';
import { createAgreementSealer } from '../../../src/server/pdf/agreement-sealer.ts';
import { createLegalPdf } from '../../../src/server/pdf/legal-pdf.ts';
import { loadOrCreateSelfSignedSealingKey } from '../../../src/server/providers/sealing/self-signed-sealing-key.ts';
import { AGREEMENTS } from '../../../src/server/seed/agreement-text/index.ts';
import { SEALED_AT, sampleRecord } from './sealing-fixtures.ts';
import { drawSignaturePng, sampleSignature } from './signature-png.ts';

const outDir = process.argv[2];
if (!outDir) throw new Error('usage: seal-in-child.ts <output directory>');
const key = await loadOrCreateSelfSignedSealingKey({ dataDir: outDir, now: SEALED_AT, log: createMemoryLog() });
const sealer = createAgreementSealer({ key, workers: 1, contact: 'child', log: createMemoryLog() });
const signaturePng = drawSignaturePng(sampleSignature());
const presented = await Promise.all(AGREEMENTS.map((a) => createLegalPdf(a.document)));
const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
const sealed = await Promise.all(
  AGREEMENTS.map((a, i) =>
    sealer.sealAgreement({ presentedPdf: presented[i]!, fields: a.signature, record: sampleRecord(a), signaturePng, sealedAt: SEALED_AT }),
  ),
);
delay.disable();
await sealer.close();
const files = sealed.map((s, i) => {
  const file = join(outDir, `${AGREEMENTS[i]!.key}.pdf`);
  writeFileSync(file, s.pdf);
  return file;
});
process.stdout.write(JSON.stringify({ files, execArgv: process.execArgv, maxDelayMs: delay.max / 1e6 }) + '\n');
