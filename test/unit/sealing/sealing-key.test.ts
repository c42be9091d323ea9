/**
 * The sealing key provider: the settings, the PKCS#12 check at start (each problem a ConfigError naming the
 * variable), the key types and chains that seal (pdfsig), and the self-signed stand-in made once and reused.
 */
import { X509Certificate } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/server/config/env.ts';
import { DEFAULT_SEALING_CONTACT, loadSealingP12, loadSealingSettings } from '../../../src/server/config/sealing-env.ts';
import { createMemoryLog } from '../../../src/server/log.ts';
import { sealPdf } from '../../../src/server/pdf/seal-pdf.ts';
import { createSealing } from '../../../src/server/providers/sealing/create-sealing.ts';
import { createSealingKey } from '../../../src/server/providers/sealing/create-sealing-key.ts';
import { loadOrCreateSelfSignedSealingKey, selfSignedSealingPaths } from '../../../src/server/providers/sealing/self-signed-sealing-key.ts';
import { sealingKeyFromMaterial } from '../../../src/server/providers/sealing/sealing-key.ts';
import { createNdaPdf } from '../../../src/server/seed/nda-pdf.ts';
import { havePdfTools, openssl, pdfsig, tempDir } from '../support/pdf-tools.ts';

const tools = havePdfTools();
const NOW = new Date('2026-06-01T12:00:00Z');

async function configError(run: () => unknown): Promise<ConfigError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('sealing settings', () => {
  it('defaults to the self-signed stand-in, one worker and the foundation as contact', () => {
    expect(loadSealingSettings({})).toEqual({ key: { kind: 'self-signed' }, workers: 1, contact: DEFAULT_SEALING_CONTACT });
  });

  it('reads the PKCS#12 path (resolved), its password as given, the workers and the contact', () => {
    expect(
      loadSealingSettings({ SEALING_P12_PATH: 'keys/seal.p12', SEALING_P12_PASSWORD: ' pass phrase ', SEALING_WORKERS: '0', SEALING_CONTACT: 'legal@g2g.example' }, '/srv/portal'),
    ).toEqual({ key: { kind: 'pkcs12', path: '/srv/portal/keys/seal.p12', password: ' pass phrase ' }, workers: 0, contact: 'legal@g2g.example' });
    expect(loadSealingSettings({ SEALING_P12_PATH: '/k.p12' })).toMatchObject({ key: { kind: 'pkcs12', path: '/k.p12', password: '' } });
  });

  it('with NODE_ENV=production the self-signed stand-in needs SEALING_ALLOW_SELF_SIGNED=true, else SEALING_P12_PATH stops the start', async () => {
    const refused = await configError(() => loadSealingSettings({ NODE_ENV: 'production' }));
    expect(refused.variable).toBe('SEALING_P12_PATH');
    expect(refused.message).toMatch(/SEALING_ALLOW_SELF_SIGNED=true/);
    expect((await configError(() => loadSealingSettings({ NODE_ENV: 'production', SEALING_ALLOW_SELF_SIGNED: 'false' }))).variable).toBe('SEALING_P12_PATH');
    expect((await configError(() => loadSealingSettings({ NODE_ENV: 'production', SEALING_ALLOW_SELF_SIGNED: '1' }))).variable).toBe('SEALING_ALLOW_SELF_SIGNED');
    expect(loadSealingSettings({ NODE_ENV: 'production', SEALING_ALLOW_SELF_SIGNED: 'true' }).key).toEqual({ kind: 'self-signed', optIn: 'SEALING_ALLOW_SELF_SIGNED' });
    expect(loadSealingSettings({ NODE_ENV: 'production', SEALING_P12_PATH: '/k.p12' }).key).toMatchObject({ kind: 'pkcs12' });
    // Outside production the opt-in changes nothing.
    expect(loadSealingSettings({ SEALING_ALLOW_SELF_SIGNED: 'true' }).key).toEqual({ kind: 'self-signed' });
  });

  it('warns at every start that runs the stand-in in production, naming the opt-in', async () => {
    const dir = tempDir('sealing-opt-in-');
    try {
      for (const start of [1, 2]) {
        const log = createMemoryLog();
        await createSealingKey({ kind: 'self-signed', optIn: 'SEALING_ALLOW_SELF_SIGNED' }, { dataDir: dir.path, clock: { now: () => NOW }, log });
        const warning = log.entries.find((e) => e.level === 'warn' && /SEALING_ALLOW_SELF_SIGNED=true/.test(e.message));
        expect(warning?.fields, `start ${start}`).toEqual({ variable: 'SEALING_ALLOW_SELF_SIGNED' });
      }
    } finally {
      dir.remove();
    }
  });

  it('stops on a bad combination or value, naming the variable and never the password', async () => {
    const noPath = await configError(() => loadSealingSettings({ SEALING_P12_PASSWORD: 'hunter2' }));
    expect(noPath.variable).toBe('SEALING_P12_PASSWORD');
    expect(noPath.message).not.toContain('hunter2');
    expect((await configError(() => loadSealingSettings({ SEALING_WORKERS: 'two' }))).variable).toBe('SEALING_WORKERS');
    expect((await configError(() => loadSealingSettings({ SEALING_WORKERS: '9' }))).variable).toBe('SEALING_WORKERS');
    expect((await configError(() => loadSealingSettings({ SEALING_CONTACT: 'a\nb' }))).variable).toBe('SEALING_CONTACT');
  });
});

describe.skipIf(!tools)('the configured PKCS#12, checked at start', () => {
  const dir = tempDir('sealing-p12-');
  const file = (name: string) => join(dir.path, name);
  const ssl = (...args: string[]) => openssl(args, dir.path);

  beforeAll(async () => {
    // An RSA key with its self-signed certificate (OpenSSL 3's default AES/PBKDF2 PKCS#12, and the legacy 3DES one).
    await ssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'rsa.key', '-out', 'rsa.crt', '-days', '3650', '-subj', '/C=CH/O=Test Foundation/CN=Test seal RSA');
    await ssl('pkcs12', '-export', '-inkey', 'rsa.key', '-in', 'rsa.crt', '-out', 'rsa.p12', '-passout', 'pass:correct horse');
    await ssl('pkcs12', '-export', '-legacy', '-inkey', 'rsa.key', '-in', 'rsa.crt', '-out', 'rsa-legacy.p12', '-passout', 'pass:correct horse');
    await ssl('pkcs12', '-export', '-nokeys', '-in', 'rsa.crt', '-out', 'nokey.p12', '-passout', 'pass:correct horse');
    // An EC P-256 key.
    await ssl('req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'ec.key', '-out', 'ec.crt', '-days', '3650', '-subj', '/C=CH/O=Test Foundation/CN=Test seal EC');
    await ssl('pkcs12', '-export', '-inkey', 'ec.key', '-in', 'ec.crt', '-out', 'ec.p12', '-passout', 'pass:correct horse');
    // A certificate issued by a CA, the CA's certificate first in the file.
    await ssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '3650', '-subj', '/C=CH/O=Test CA/CN=Test Root CA');
    await ssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'leaf.key', '-out', 'leaf.csr', '-subj', '/C=CH/O=Test Foundation/CN=Test seal issued');
    await ssl('x509', '-req', '-in', 'leaf.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'leaf.crt', '-days', '3650');
    writeFileSync(file('ca-first.pem'), readFileSync(file('ca.crt')) + readFileSync(file('leaf.crt')).toString());
    await ssl('pkcs12', '-export', '-inkey', 'leaf.key', '-in', 'ca-first.pem', '-out', 'chain.p12', '-passout', 'pass:correct horse');
    writeFileSync(file('not-a-p12.p12'), '-----BEGIN CERTIFICATE-----\nnot really\n');
  }, 60_000);
  afterAll(() => dir.remove());

  // openssl dates its certificates by the real clock.
  const load = (name: string, password = 'correct horse', now = new Date()) => loadSealingP12({ path: file(name), password }, now);

  it('refuses a missing file, a directory and a file that is not PKCS#12, naming SEALING_P12_PATH', async () => {
    const missing = await configError(() => load('nope.p12'));
    expect(missing.variable).toBe('SEALING_P12_PATH');
    expect(missing.message).toContain('does not exist');
    expect((await configError(() => loadSealingP12({ path: dir.path, password: '' }, new Date()))).message).toContain('is a directory');
    const garbage = await configError(() => load('not-a-p12.p12'));
    expect(garbage.variable).toBe('SEALING_P12_PATH');
    expect(garbage.message).toContain('PKCS#12');
  });

  it('refuses a wrong or missing password, naming SEALING_P12_PASSWORD and never repeating it', async () => {
    for (const name of ['rsa.p12', 'rsa-legacy.p12']) {
      const wrong = await configError(() => load(name, 'Tr0ub4dor&3'));
      expect(wrong.variable).toBe('SEALING_P12_PASSWORD');
      expect(wrong.message).toContain('wrong password');
      expect(wrong.message).not.toContain('Tr0ub4dor');
      const unset = await configError(() => load(name, ''));
      expect(unset.variable).toBe('SEALING_P12_PASSWORD');
      expect(unset.message).toContain('is not set');
    }
  });

  it('refuses a file without a private key', async () => {
    const error = await configError(() => load('nokey.p12'));
    expect(error.variable).toBe('SEALING_P12_PATH');
    expect(error.message).toContain('no private key');
  });

  it('refuses an expired certificate and one not yet valid', async () => {
    const expired = await configError(() => load('rsa.p12', 'correct horse', new Date('2040-01-01T00:00:00Z')));
    expect(expired.variable).toBe('SEALING_P12_PATH');
    expect(expired.message).toMatch(/CN=Test seal RSA.*expired on \d{4}-\d\d-\d\dT/);
    const early = await configError(() => load('rsa.p12', 'correct horse', new Date('2000-01-01T00:00:00Z')));
    expect(early.message).toContain('is not valid before');
  });

  it.each([
    ['an RSA key (OpenSSL 3 default format)', 'rsa.p12', 'CN=Test seal RSA, O=Test Foundation, C=CH', 0],
    ['an RSA key (legacy 3DES format)', 'rsa-legacy.p12', 'CN=Test seal RSA, O=Test Foundation, C=CH', 0],
    ['an EC P-256 key', 'ec.p12', 'CN=Test seal EC, O=Test Foundation, C=CH', 0],
    ['a CA-issued certificate, the CA first in the file', 'chain.p12', 'CN=Test seal issued, O=Test Foundation, C=CH', 1],
  ])('seals with %s, and pdfsig validates the seal', async (_, name, subject, chain) => {
    const key = sealingKeyFromMaterial(await load(name), 'pkcs12');
    expect(key.certificate.subject).toBe(subject);
    expect(key.material.chain).toHaveLength(chain);
    expect(key.certificate.fingerprintSha256).toBe(new X509Certificate(readFileSync(file(name.replace('.p12', '.crt').replace('rsa-legacy', 'rsa').replace('chain', 'leaf')))).fingerprint256);
    const sealed = await sealPdf(await createNdaPdf(), { signer: key.signer(), signingTime: new Date(), contact: 'test' });
    const report = await pdfsig(sealed);
    expect(report.valid, report.text).toBe(true);
    expect(report.text).toContain(`Signer Certificate Common Name: ${subject.split(',')[0]!.slice(3)}`);
  });

  it('createSealingKey logs which certificate seals, never the password', async () => {
    const log = createMemoryLog();
    const key = await createSealingKey({ kind: 'pkcs12', path: file('chain.p12'), password: 'correct horse' }, { dataDir: dir.path, clock: { now: () => new Date() }, log });
    expect(key.source).toBe('pkcs12');
    const lines = log.entries.map((e) => e.message).join('\n');
    expect(lines).toContain('Signed agreements are sealed with CN=Test seal issued');
    expect(lines).toContain(key.certificate.fingerprintSha256);
    expect(lines).not.toContain('correct horse');
  });
});

describe('the self-signed stand-in', () => {
  const dir = tempDir('sealing-self-');
  afterAll(() => dir.remove());

  it('is generated once into DATA_DIR/secrets (0600 files, 0700 directory) and reused with the same fingerprint', async () => {
    const log = createMemoryLog();
    const first = await loadOrCreateSelfSignedSealingKey({ dataDir: dir.path, now: NOW, log });
    const paths = selfSignedSealingPaths(dir.path);
    expect(statSync(paths.dir).mode & 0o777).toBe(0o700);
    expect(statSync(paths.p12).mode & 0o777).toBe(0o600);
    expect(statSync(paths.password).mode & 0o777).toBe(0o600);
    expect(first.source).toBe('self-signed');
    expect(first.certificate.subject).toBe('CN=G2G Token Foundation (portal seal\\, self-signed), O=G2G Token Foundation, L=Zug, C=CH');
    expect(first.certificate.selfSigned).toBe(true);
    expect(first.material.privateKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(first.certificate.notAfter.getUTCFullYear()).toBe(2036);
    expect(log.entries.at(-1)).toMatchObject({ level: 'warn' });
    expect(log.entries.at(-1)!.message).toMatch(/SELF-SIGNED certificate .* generated now in .*sealing-self-signed\.p12.*SEALING_P12_PATH/);

    const again = createMemoryLog();
    const second = await loadOrCreateSelfSignedSealingKey({ dataDir: dir.path, now: new Date('2027-01-01T00:00:00Z'), log: again });
    expect(second.certificate.fingerprintSha256).toBe(first.certificate.fingerprintSha256);
    expect(again.entries.at(-1)!.message).toContain('kept in');
    // And through the factory, as a start without SEALING_P12_PATH makes it.
    const log3 = createMemoryLog();
    const third = await createSealing(loadSealingSettings({}), { dataDir: dir.path, clock: { now: () => NOW }, log: log3 });
    expect(third.key.certificate.fingerprintSha256).toBe(first.certificate.fingerprintSha256);
    expect(third.sealer.certificate.fingerprintSha256).toBe(first.certificate.fingerprintSha256);
    expect(log3.entries.at(-1)!.message).toContain('in 1 worker thread');
    await third.close();
  });

  it.skipIf(!tools)('is a PKCS#12 that openssl opens with the password beside it', async () => {
    const paths = selfSignedSealingPaths(dir.path);
    const { stdout } = await openssl(['pkcs12', '-in', paths.p12, '-passin', `file:${paths.password}`, '-nokeys', '-clcerts']);
    expect(stdout).toContain('G2G Token Foundation (portal seal, self-signed)');
  });

  it('is replaced when it has expired, the old file kept aside', async () => {
    const before = await loadOrCreateSelfSignedSealingKey({ dataDir: dir.path, now: NOW, log: createMemoryLog() });
    const log = createMemoryLog();
    const later = new Date('2040-01-01T00:00:00Z');
    const renewed = await loadOrCreateSelfSignedSealingKey({ dataDir: dir.path, now: later, log });
    expect(renewed.certificate.fingerprintSha256).not.toBe(before.certificate.fingerprintSha256);
    expect(renewed.certificate.notAfter.getTime()).toBeGreaterThan(later.getTime());
    expect(log.entries.some((e) => e.level === 'warn' && e.message.includes('.old'))).toBe(true);
  });

  it('stops with a clear message when its files no longer match (password file lost)', async () => {
    const other = tempDir('sealing-self-broken-');
    try {
      await loadOrCreateSelfSignedSealingKey({ dataDir: other.path, now: NOW, log: createMemoryLog() });
      writeFileSync(selfSignedSealingPaths(other.path).password, 'not the password\n');
      await expect(loadOrCreateSelfSignedSealingKey({ dataDir: other.path, now: NOW, log: createMemoryLog() })).rejects.toThrow(
        /self-signed sealing key .* cannot be used: .*wrong password.*Delete .* or set SEALING_P12_PATH/,
      );
    } finally {
      other.remove();
    }
  });
});
