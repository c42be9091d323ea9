/**
 * The storage settings: local by default, S3 with every value checked; each bad value names its variable, and no
 * message, JSON or printout of the settings repeats a key or a secret.
 */
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, type Env } from '../../src/server/config/env.ts';
import { loadStorageSettings } from '../../src/server/config/storage-env.ts';

const KEY_ID = 'AKIAEXAMPLEKEYID1234';
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';

function refusal(env: Env): ConfigError {
  try {
    loadStorageSettings(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}

describe('loadStorageSettings', () => {
  it('is local when nothing is set, or STORAGE=local, or STORAGE is empty (as docker-compose passes it)', () => {
    expect(loadStorageSettings({})).toEqual({ kind: 'local' });
    expect(loadStorageSettings({ STORAGE: 'local' })).toEqual({ kind: 'local' });
    expect(loadStorageSettings({ STORAGE: '  ', S3_BUCKET: '' })).toEqual({ kind: 'local' });
  });

  it('S3 on AWS: defaults region us-east-1, virtual-hosted style, the default credential chain, no prefix', () => {
    expect(loadStorageSettings({ STORAGE: 's3', S3_BUCKET: 'g2g-uploads' })).toEqual({
      kind: 's3',
      bucket: 'g2g-uploads',
      region: 'us-east-1',
      endpoint: null,
      forcePathStyle: false,
      credentials: null,
      prefix: '',
    });
  });

  it('S3-compatible: an endpoint turns path style on unless told otherwise; keys and prefix as given', () => {
    const settings = loadStorageSettings({
      STORAGE: 's3',
      S3_BUCKET: 'uploads.g2g',
      S3_REGION: 'eu-central-1',
      S3_ENDPOINT: 'http://127.0.0.1:4569',
      S3_ACCESS_KEY_ID: KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET,
      S3_PREFIX: 'portal/uploads/',
    });
    expect(settings).toMatchObject({ kind: 's3', bucket: 'uploads.g2g', region: 'eu-central-1', endpoint: 'http://127.0.0.1:4569', forcePathStyle: true, prefix: 'portal/uploads/' });
    expect(settings.kind === 's3' && settings.credentials).toMatchObject({ accessKeyId: KEY_ID, secretAccessKey: SECRET });
    expect(loadStorageSettings({ STORAGE: 's3', S3_BUCKET: 'abc', S3_ENDPOINT: 'https://s3.example.com', S3_FORCE_PATH_STYLE: 'false' })).toMatchObject({ forcePathStyle: false });
    expect(loadStorageSettings({ STORAGE: 's3', S3_BUCKET: 'abc', S3_FORCE_PATH_STYLE: 'true' })).toMatchObject({ forcePathStyle: true, endpoint: null });
    expect(loadStorageSettings({ STORAGE: 's3', S3_BUCKET: 'abc', S3_PREFIX: 'g2g-' })).toMatchObject({ prefix: 'g2g-' });
  });

  it('never shows the keys when the settings are logged as JSON or printed', () => {
    const settings = loadStorageSettings({ STORAGE: 's3', S3_BUCKET: 'abc', S3_ACCESS_KEY_ID: KEY_ID, S3_SECRET_ACCESS_KEY: SECRET });
    for (const shown of [JSON.stringify(settings), inspect(settings, { depth: 5 }), `${String(settings.kind === 's3' && settings.credentials)}`]) {
      expect(shown).not.toContain(KEY_ID);
      expect(shown).not.toContain(SECRET);
    }
  });

  const s3 = (more: Env): Env => ({ STORAGE: 's3', S3_BUCKET: 'g2g-uploads', ...more });
  const bad: [Env, string, RegExp][] = [
    [{ STORAGE: 'S3' }, 'STORAGE', /"S3" is not local or s3/],
    [{ STORAGE: 'gcs' }, 'STORAGE', /not local or s3/],
    [{ S3_BUCKET: 'g2g-uploads' }, 'S3_BUCKET', /STORAGE is not s3/],
    [{ STORAGE: 'local', S3_SECRET_ACCESS_KEY: SECRET }, 'S3_SECRET_ACCESS_KEY', /STORAGE is not s3/],
    [{ STORAGE: 's3' }, 'S3_BUCKET', /is required with STORAGE=s3/],
    [s3({ S3_BUCKET: 'ab' }), 'S3_BUCKET', /3 to 63/],
    [s3({ S3_BUCKET: 'a'.repeat(64) }), 'S3_BUCKET', /3 to 63/],
    [s3({ S3_BUCKET: 'G2G-Uploads' }), 'S3_BUCKET', /lowercase letters/],
    [s3({ S3_BUCKET: 'g2g_uploads' }), 'S3_BUCKET', /lowercase letters/],
    [s3({ S3_BUCKET: '-g2g' }), 'S3_BUCKET', /start and end/],
    [s3({ S3_BUCKET: 'g2g.' }), 'S3_BUCKET', /start and end/],
    [s3({ S3_BUCKET: 'g2g/../x' }), 'S3_BUCKET', /lowercase letters/],
    [s3({ S3_BUCKET: 'g2g..uploads' }), 'S3_BUCKET', /two dots/],
    [s3({ S3_BUCKET: '192.168.5.4' }), 'S3_BUCKET', /IP address/],
    [s3({ S3_BUCKET: 'xn--g2g' }), 'S3_BUCKET', /reserved/],
    [s3({ S3_BUCKET: 'g2g-s3alias' }), 'S3_BUCKET', /reserved/],
    [s3({ S3_REGION: 'EU Central' }), 'S3_REGION', /not a region name/],
    [s3({ S3_REGION: 'eu--central' }), 'S3_REGION', /not a region name/],
    [s3({ S3_ENDPOINT: '127.0.0.1:4569' }), 'S3_ENDPOINT', /is not a URL/],
    [s3({ S3_ENDPOINT: 's3.example.com:443' }), 'S3_ENDPOINT', /http:\/\/ or https:\/\//],
    [s3({ S3_ENDPOINT: 'localhost' }), 'S3_ENDPOINT', /not a URL/],
    [s3({ S3_ENDPOINT: 'ftp://s3.example.com' }), 'S3_ENDPOINT', /got ftp:\/\//],
    [s3({ S3_ENDPOINT: 'https://s3.example.com/?x=1' }), 'S3_ENDPOINT', /query/],
    [s3({ S3_FORCE_PATH_STYLE: 'yes' }), 'S3_FORCE_PATH_STYLE', /"yes" is not true or false/],
    [s3({ S3_FORCE_PATH_STYLE: 'TRUE' }), 'S3_FORCE_PATH_STYLE', /not true or false/],
    [s3({ S3_ACCESS_KEY_ID: KEY_ID }), 'S3_SECRET_ACCESS_KEY', /required with S3_ACCESS_KEY_ID/],
    [s3({ S3_SECRET_ACCESS_KEY: SECRET }), 'S3_ACCESS_KEY_ID', /required with S3_SECRET_ACCESS_KEY/],
    [s3({ S3_ACCESS_KEY_ID: `${KEY_ID} x`, S3_SECRET_ACCESS_KEY: SECRET }), 'S3_ACCESS_KEY_ID', /spaces/],
    [s3({ S3_ACCESS_KEY_ID: KEY_ID, S3_SECRET_ACCESS_KEY: `"${SECRET}"` }), 'S3_SECRET_ACCESS_KEY', /quotes/],
    [s3({ S3_ACCESS_KEY_ID: KEY_ID, S3_SECRET_ACCESS_KEY: `${SECRET}\u00e9` }), 'S3_SECRET_ACCESS_KEY', /printable ASCII/],
    [s3({ S3_PREFIX: '/uploads/' }), 'S3_PREFIX', /must not start with "\/"/],
    [s3({ S3_PREFIX: '../uploads/' }), 'S3_PREFIX', /"\.\." segments/],
    [s3({ S3_PREFIX: 'a/../b/' }), 'S3_PREFIX', /"\.\." segments/],
    [s3({ S3_PREFIX: 'a/./b/' }), 'S3_PREFIX', /segments/],
    [s3({ S3_PREFIX: 'a//b/' }), 'S3_PREFIX', /"\/\/"/],
    [s3({ S3_PREFIX: 'a\\b/' }), 'S3_PREFIX', /may hold only/],
    [s3({ S3_PREFIX: 'up loads/' }), 'S3_PREFIX', /may hold only/],
    [s3({ S3_PREFIX: `${'a'.repeat(513)}/` }), 'S3_PREFIX', /under 512/],
  ];
  it.each(bad)('refuses %j naming %s', (env, variable, message) => {
    const error = refusal(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toMatch(message);
    expect(error.message).toMatch(new RegExp(`^Invalid environment variable ${variable}: `));
  });

  it('never repeats a secret or a password in a refusal', () => {
    const messages = [
      refusal(s3({ S3_ENDPOINT: 'https://user:hunter2hunter2@s3.example.com' })),
      refusal(s3({ S3_ENDPOINT: 'ftp://user:hunter2hunter2@s3.example.com' })),
      refusal(s3({ S3_ACCESS_KEY_ID: KEY_ID, S3_SECRET_ACCESS_KEY: `${SECRET} hunter2hunter2` })),
      refusal(s3({ S3_ACCESS_KEY_ID: `${KEY_ID} hunter2hunter2`, S3_SECRET_ACCESS_KEY: SECRET })),
      refusal(s3({ S3_SECRET_ACCESS_KEY: 'hunter2hunter2' })),
      refusal({ S3_SECRET_ACCESS_KEY: 'hunter2hunter2' }),
    ].map((e) => e.message);
    expect(messages[0]).toMatch(/must not carry credentials/);
    expect(messages[1]).toMatch(/must not carry credentials/);
    for (const message of messages) {
      expect(message).not.toContain('hunter2');
      expect(message).not.toContain(SECRET);
    }
  });
});
