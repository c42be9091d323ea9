/**
 * Decodes a QR code PNG with zbarimg (Debian zbar-tools; .ci/run installs it). Missing outside CI: the caller skips
 * with a loud notice; under CI=true a missing zbarimg fails the test.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ZBARIMG = '/usr/bin/zbarimg';

export function zbarAvailable(): boolean {
  const found = spawnSync(ZBARIMG, ['--version'], { encoding: 'utf8' }).status === 0;
  if (!found && process.env.CI) throw new Error(`${ZBARIMG} is missing under CI: install zbar-tools`);
  if (!found) console.warn(`\n*** SKIPPING the QR decoding checks: ${ZBARIMG} is missing (apt-get install zbar-tools) ***\n`);
  return found;
}

/** The text of the one QR code in a PNG data URL, byte for byte (-Sbinary: no charset guessing, no added newline). */
export function decodeQrDataUrl(dataUrl: string): string {
  const prefix = 'data:image/png;base64,';
  if (!dataUrl.startsWith(prefix)) throw new Error('not a PNG data URL');
  const dir = mkdtempSync(join(tmpdir(), 'qr-'));
  try {
    const file = join(dir, 'qr.png');
    writeFileSync(file, Buffer.from(dataUrl.slice(prefix.length), 'base64'));
    const result = spawnSync(ZBARIMG, ['--raw', '-q', '-Sbinary', file], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`zbarimg found no code (status ${result.status}): ${result.stderr}`);
    return result.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
