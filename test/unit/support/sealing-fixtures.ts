/** Sealing test fixtures: a signature record for an agreement, and a sealing key in a throw-away DATA_DIR. */
import { createMemoryLog } from '../../../src/server/log.ts';
import type { SignatureRecord } from '../../../src/server/pdf/signature-record.ts';
import { loadOrCreateSelfSignedSealingKey } from '../../../src/server/providers/sealing/self-signed-sealing-key.ts';
import type { SealingKey } from '../../../src/server/providers/sealing/sealing-key.ts';
import type { AgreementContent } from '../../../src/server/seed/agreement-text/index.ts';
import { tempDir } from './pdf-tools.ts';

export const SIGNED_AT = new Date('2026-03-04T10:15:30.123Z');
export const SEALED_AT = new Date('2026-03-04T10:15:42.000Z');

export function sampleRecord(agreement: Pick<AgreementContent, 'key' | 'title' | 'checkboxes'>, overrides: Partial<SignatureRecord> = {}): SignatureRecord {
  return {
    agreement: { key: agreement.key, title: agreement.title },
    investor: {
      type: 'individual',
      name: 'Jane Q. Investor',
      authorisedSignatory: null,
      email: 'jane.investor@example.com',
      walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    },
    confirmations: agreement.checkboxes.filter((c) => c.required).map(({ id, text }) => ({ id, text })),
    signedAt: SIGNED_AT,
    ipAddress: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    ...overrides,
  };
}

/** A self-signed sealing key generated in a temporary DATA_DIR; `remove()` deletes the directory. */
export async function testSealingKey(): Promise<{ key: SealingKey; dataDir: string; remove(): void }> {
  const dir = tempDir('sealing-key-');
  const key = await loadOrCreateSelfSignedSealingKey({ dataDir: dir.path, now: SEALED_AT, log: createMemoryLog() });
  return { key, dataDir: dir.path, remove: dir.remove };
}
