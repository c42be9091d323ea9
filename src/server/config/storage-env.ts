/**
 * File storage settings from the environment (docs/storage.md). STORAGE=local (the default: DATA_DIR/uploads) or
 * STORAGE=s3 with S3_BUCKET (required), S3_REGION (default us-east-1), S3_ENDPOINT (an S3-compatible service; AWS
 * when unset), S3_FORCE_PATH_STYLE (default true when S3_ENDPOINT is set, else false), S3_ACCESS_KEY_ID with
 * S3_SECRET_ACCESS_KEY (both or neither; neither: the AWS SDK's default credential chain: instance role, AWS_* variables,
 * ~/.aws) and S3_PREFIX (a key prefix such as `uploads/`).
 * S3_* variables without STORAGE=s3 stop the start: they would otherwise be ignored while someone believes the files
 * go to the bucket. No message ever repeats a key or a secret.
 */
import { inspect } from 'node:util';
import { ConfigError, type Env, readEnv } from './env.ts';

export type S3Credentials = { readonly accessKeyId: string; readonly secretAccessKey: string };

export type S3StorageSettings = {
  kind: 's3';
  bucket: string;
  region: string;
  /** An S3-compatible service's URL (e.g. http://127.0.0.1:4569), or null for AWS's own endpoints. */
  endpoint: string | null;
  forcePathStyle: boolean;
  /** Static keys, or null for the AWS SDK's default credential chain. Redacted when logged or printed. */
  credentials: S3Credentials | null;
  /** Prepended to every stored name to make the object key; '' for none. */
  prefix: string;
};

export type StorageSettings = { kind: 'local' } | S3StorageSettings;

const S3_NAMES = ['S3_BUCKET', 'S3_REGION', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PREFIX'] as const;

/**
 * S3's bucket naming rules (general purpose buckets): 3-63 characters of lowercase letters, digits, dots and hyphens,
 * starting and ending with a letter or digit, no two dots in a row, not an IP address, and none of the prefixes and
 * suffixes AWS reserves.
 */
function bucketProblem(bucket: string): string | null {
  if (bucket.length < 3 || bucket.length > 63) return `is ${bucket.length} characters long; a bucket name has 3 to 63.`;
  if (!/^[a-z0-9][a-z0-9.-]*[a-z0-9]$/.test(bucket)) {
    return 'may hold only lowercase letters, digits, dots and hyphens, and must start and end with a letter or digit.';
  }
  if (bucket.includes('..')) return 'must not have two dots in a row.';
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(bucket)) return 'must not be formatted as an IP address.';
  if (/^(xn--|sthree-|amzn-s3-demo-)/.test(bucket)) return 'must not start with xn--, sthree- or amzn-s3-demo- (reserved by S3).';
  if (/(-s3alias|--ol-s3|\.mrap|--x-s3|--table-s3)$/.test(bucket)) return 'must not end with -s3alias, --ol-s3, .mrap, --x-s3 or --table-s3 (reserved by S3).';
  return null;
}

function s3Bucket(env: Env): string {
  const bucket = readEnv(env, 'S3_BUCKET');
  if (bucket === undefined) throw new ConfigError('S3_BUCKET', 'is required with STORAGE=s3 (the name of the bucket the uploaded files go to).');
  const problem = bucketProblem(bucket);
  if (problem) throw new ConfigError('S3_BUCKET', `"${bucket}" ${problem}`);
  return bucket;
}

function s3Region(env: Env): string {
  const region = readEnv(env, 'S3_REGION') ?? 'us-east-1';
  // AWS regions (eu-central-1), and the words S3-compatible services use (auto, garage).
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(region) || region.length > 40) {
    throw new ConfigError('S3_REGION', `"${region}" is not a region name (lowercase letters, digits and hyphens, e.g. eu-central-1).`);
  }
  return region;
}

function s3Endpoint(env: Env): string | null {
  const raw = readEnv(env, 'S3_ENDPOINT');
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('S3_ENDPOINT', 'is not a URL (expected e.g. http://127.0.0.1:4569 or https://s3.example.com).');
  }
  // Checked before anything else is said about it, so a message never repeats a password.
  if (url.username || url.password) {
    throw new ConfigError('S3_ENDPOINT', 'must not carry credentials; use S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError('S3_ENDPOINT', `must start with http:// or https:// (got ${url.protocol}//).`);
  }
  if (url.search || url.hash) throw new ConfigError('S3_ENDPOINT', 'must not have a query or a fragment.');
  return raw;
}

function s3ForcePathStyle(env: Env, endpoint: string | null): boolean {
  const raw = readEnv(env, 'S3_FORCE_PATH_STYLE');
  if (raw === undefined) return endpoint !== null; // S3-compatible services mostly want path-style addressing
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw new ConfigError('S3_FORCE_PATH_STYLE', `"${raw}" is not true or false.`);
}

function s3Credentials(env: Env): S3Credentials | null {
  const accessKeyId = readEnv(env, 'S3_ACCESS_KEY_ID');
  const secretAccessKey = readEnv(env, 'S3_SECRET_ACCESS_KEY');
  if (accessKeyId === undefined && secretAccessKey === undefined) return null;
  if (accessKeyId === undefined) throw new ConfigError('S3_ACCESS_KEY_ID', 'is required with S3_SECRET_ACCESS_KEY (set both, or neither for the AWS default credential chain).');
  if (secretAccessKey === undefined) throw new ConfigError('S3_SECRET_ACCESS_KEY', 'is required with S3_ACCESS_KEY_ID (set both, or neither for the AWS default credential chain).');
  // Pasted quotes, spaces or line breaks would make every request fail with a signature error far from here.
  if (!/^[\x21-\x7e]+$/.test(accessKeyId)) throw new ConfigError('S3_ACCESS_KEY_ID', 'holds spaces, quotes or characters outside printable ASCII (check what was pasted).');
  if (!/^[\x21-\x7e]+$/.test(secretAccessKey) || /["']/.test(secretAccessKey)) {
    throw new ConfigError('S3_SECRET_ACCESS_KEY', 'holds spaces, quotes or characters outside printable ASCII (check what was pasted).');
  }
  const credentials = { accessKeyId, secretAccessKey };
  // Whoever logs or prints the settings sees no secret.
  const redacted = () => ({ accessKeyId: '[redacted]', secretAccessKey: '[redacted]' });
  Object.defineProperty(credentials, 'toJSON', { value: redacted, enumerable: false });
  Object.defineProperty(credentials, inspect.custom, { value: () => '[S3 credentials redacted]', enumerable: false });
  return credentials;
}

function s3Prefix(env: Env): string {
  const prefix = readEnv(env, 'S3_PREFIX');
  if (prefix === undefined) return '';
  if (prefix.length > 512) throw new ConfigError('S3_PREFIX', `is ${prefix.length} characters long; keep it under 512.`);
  if (prefix.startsWith('/')) throw new ConfigError('S3_PREFIX', `"${prefix}" must not start with "/" (write e.g. uploads/).`);
  // Characters S3 documents as safe in keys: no backslash, no control characters, no `..` segment or empty segment
  // that some tools and services read as a path.
  if (!/^[A-Za-z0-9!_.*'()/-]+$/.test(prefix)) {
    throw new ConfigError('S3_PREFIX', `"${prefix}" may hold only letters, digits, "/" and the characters ! _ . * ' ( ) - (write e.g. uploads/).`);
  }
  if (prefix.split('/').some((segment, i, all) => segment === '..' || segment === '.' || (segment === '' && i < all.length - 1))) {
    throw new ConfigError('S3_PREFIX', `"${prefix}" must not have "." or ".." segments or "//" (write e.g. uploads/).`);
  }
  return prefix;
}

export function loadStorageSettings(env: Env): StorageSettings {
  const kind = readEnv(env, 'STORAGE') ?? 'local';
  if (kind === 'local') {
    const stray = S3_NAMES.find((name) => readEnv(env, name) !== undefined);
    if (stray) throw new ConfigError(stray, 'is set but STORAGE is not s3 (set STORAGE=s3 to keep the files in the bucket, or unset the S3_* variables).');
    return { kind: 'local' };
  }
  if (kind !== 's3') throw new ConfigError('STORAGE', `"${kind}" is not local or s3.`);
  const endpoint = s3Endpoint(env);
  return {
    kind: 's3',
    bucket: s3Bucket(env),
    region: s3Region(env),
    endpoint,
    forcePathStyle: s3ForcePathStyle(env, endpoint),
    credentials: s3Credentials(env),
    prefix: s3Prefix(env),
  };
}
