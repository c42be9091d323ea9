/**
 * A minimal line logger. Errors keep their stack here, on the server's own output, and never in a response.
 * Tests pass `createMemoryLog()` to assert on what was logged and keep the output quiet.
 * Two formats (LOG_FORMAT, config/ops-env.ts): text lines for a person, JSON lines for a log shipper. Inside a request
 * both carry its id (http/request-id.ts runs the request in `requestScope`), so every line of one call can be found.
 * In both, one entry is one line whatever its text: JSON escapes it, the text format escapes controls
 * (escapeControls), so nothing a client sends can end a line or write one of its own.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export type LogLevel = 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;
export type Log = {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
};

/**
 * An error and its causes, with stacks. A failed query is shown by its SQL and message only: its parameters are
 * investors' personal data and stay out of the log.
 */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error, depth = 0; e !== undefined && e !== null && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (!(e instanceof Error)) {
      parts.push(String(e));
      break;
    }
    // Query errors (drizzle's, PGlite's) carry the parameters; drizzle also prints them in its message.
    const hasParams = 'params' in e;
    const message = hasParams ? e.message.split('\n').filter((line) => !line.startsWith('params:')).join('\n') : e.message;
    const frames = (e.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
    parts.push([`${e.name}: ${message}`, ...frames].join('\n'));
  }
  return parts.join('\ncaused by: ');
}

/** What every log line written while handling one request carries; set by http/request-id.ts. */
export type RequestScope = { readonly requestId: string };
export const requestScope = new AsyncLocalStorage<RequestScope>();
/** The id of the request being handled, or undefined outside one (start, jobs, timers). */
export const currentRequestId = (): string | undefined => requestScope.getStore()?.requestId;

/** A value as JSON, or a placeholder when JSON cannot carry it (a cycle): logging must never throw. */
const safeJson = (value: unknown): string => {
  try {
    return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? String(value);
  } catch {
    return '[not serialisable]';
  }
};

/**
 * What a text line must not carry as it is: controls (C0 with the newline, DEL, C1 with NEL), the line and paragraph
 * separators, bidirectional controls (U+202E shows text backwards) and lone surrogates. Any of them in a message or a
 * field (a path, a library's error message, a stack) could end the line early, start a forged one (`[error] ...`),
 * or rewrite the terminal.
 */
const UNPRINTABLE = /[\p{Cc}\p{Zl}\p{Zp}\p{Bidi_Control}\p{Cs}]/gu;
const NAMED_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `text` with each unprintable character written as an escape (\n, \r, \t, else \uXXXX): one line, what it says. */
export const escapeControls = (text: string): string =>
  text.replace(UNPRINTABLE, (ch) => NAMED_ESCAPES[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);

const formatFields = (fields?: LogFields): string => {
  if (!fields) return '';
  const parts = Object.entries(fields).map(([k, v]) => {
    if (v instanceof Error) return `${k}=${describeError(v)}`;
    return `${k}=${typeof v === 'string' ? v : safeJson(v)}`;
  });
  return parts.length ? ` ${parts.join(' ')}` : '';
};

export function createConsoleLog(out: NodeJS.WritableStream = process.stdout, err: NodeJS.WritableStream = process.stderr): Log {
  const write = (stream: NodeJS.WritableStream, level: LogLevel, message: string, fields?: LogFields) => {
    const requestId = currentRequestId();
    const withId = requestId && !(fields && 'requestId' in fields) ? { ...fields, requestId } : fields;
    // One entry, one line: everything the line carries is escaped (a stack's line breaks too: \n between frames).
    stream.write(`${level === 'info' ? '' : `[${level}] `}${escapeControls(`${message}${formatFields(withId)}`)}\n`);
  };
  return {
    info: (m, f) => write(out, 'info', m, f),
    warn: (m, f) => write(err, 'warn', m, f),
    error: (m, f) => write(err, 'error', m, f),
  };
}

/** Names a JSON line sets itself; a field of the same name is kept under `field.<name>` instead of replacing it. */
const RESERVED = new Set(['time', 'level', 'msg', 'requestId']);

/** A field value as JSON can carry it: errors by describeError (its rule: no query parameters), bigints as strings. */
function jsonValue(value: unknown): unknown {
  if (value instanceof Error) return describeError(value);
  if (typeof value === 'bigint') return value.toString();
  return value;
}

/**
 * One JSON object per line (LOG_FORMAT=json): time (ISO), level, msg, requestId inside a request, then the fields.
 * Everything goes to one stream (`out`), as log collectors expect; the level says what it is.
 */
export function createJsonLog(out: NodeJS.WritableStream = process.stdout, clock: () => Date = () => new Date()): Log {
  const write = (level: LogLevel, message: string, fields?: LogFields) => {
    const line: Record<string, unknown> = { time: clock().toISOString(), level, msg: message };
    const requestId = currentRequestId();
    if (requestId) line.requestId = requestId;
    for (const [key, value] of Object.entries(fields ?? {})) {
      if (key === 'requestId' && !requestId) line.requestId = value;
      else line[RESERVED.has(key) ? `field.${key}` : key] = jsonValue(value);
    }
    let text: string;
    try {
      text = JSON.stringify(line, (_key, value: unknown) => jsonValue(value));
    } catch {
      // A field JSON cannot carry (a cycle): the line still goes out, with the fields as text.
      text = JSON.stringify({ time: line.time, level, msg: message, ...(requestId ? { requestId } : {}), fields: formatFields(fields).trim() });
    }
    out.write(`${text}\n`);
  };
  return { info: (m, f) => write('info', m, f), warn: (m, f) => write('warn', m, f), error: (m, f) => write('error', m, f) };
}

export type MemoryLogEntry = { level: LogLevel; message: string; fields?: LogFields; requestId?: string };
export type MemoryLog = Log & { entries: MemoryLogEntry[] };

/** `withRequestIds`: entries written inside a request also get its id (off by default: tests compare entries whole). */
export function createMemoryLog(options: { withRequestIds?: boolean } = {}): MemoryLog {
  const entries: MemoryLog['entries'] = [];
  const push = (level: LogLevel) => (message: string, fields?: LogFields) => {
    const requestId = options.withRequestIds ? currentRequestId() : undefined;
    entries.push(requestId ? { level, message, fields, requestId } : { level, message, fields });
  };
  return { entries, info: push('info'), warn: push('warn'), error: push('error') };
}
