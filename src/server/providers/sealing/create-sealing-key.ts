/**
 * The server's sealing key from its settings, checked at start: the configured PKCS#12 is opened and its certificate
 * checked (config/sealing-env.ts; a problem stops the start naming the variable), or the self-signed stand-in is
 * loaded or generated in DATA_DIR/secrets.
 */
import type { Clock } from '../../clock.ts';
import { loadSealingP12, type SealingKeySettings } from '../../config/sealing-env.ts';
import type { Log } from '../../log.ts';
import { loadOrCreateSelfSignedSealingKey } from './self-signed-sealing-key.ts';
import { sealingKeyFromMaterial, type SealingKey } from './sealing-key.ts';

export async function createSealingKey(settings: SealingKeySettings, { dataDir, clock, log }: { dataDir: string; clock: Clock; log: Log }): Promise<SealingKey> {
  if (settings.kind === 'self-signed') {
    if (settings.optIn) {
      log.warn(
        `NODE_ENV=production seals signed agreements with the SELF-SIGNED stand-in because ${settings.optIn}=true: PDF readers cannot verify who sealed them, and each instance makes its own key in its DATA_DIR. Set SEALING_P12_PATH to the foundation's certificate and remove ${settings.optIn}.`,
        { variable: settings.optIn },
      );
    }
    return loadOrCreateSelfSignedSealingKey({ dataDir, now: clock.now(), log });
  }
  const key = sealingKeyFromMaterial(await loadSealingP12(settings, clock.now()), 'pkcs12');
  const { subject, issuer, fingerprintSha256, notAfter, selfSigned } = key.certificate;
  log.info(
    `Signed agreements are sealed with ${subject} (issued by ${selfSigned ? 'itself' : issuer}, SHA-256 ${fingerprintSha256}, valid until ${notAfter.toISOString()}) from ${settings.path}`,
  );
  if (selfSigned) log.warn('The configured sealing certificate is self-signed: PDF readers will show its signer as unknown.');
  return key;
}
