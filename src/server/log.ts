/**
 * A minimal line logger. Errors keep their stack here, on the server's own output, and never in a response.
 * Tests pass `createMemoryLog()` to assert on what was logged and keep the output quiet.
 */
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

const formatFields = (fields?: LogFields): string => {
  if (!fields) return '';
  const parts = Object.entries(fields).map(([k, v]) => {
    if (v instanceof Error) return `${k}=${describeError(v)}`;
    return `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`;
  });
  return parts.length ? ` ${parts.join(' ')}` : '';
};

export function createConsoleLog(out: NodeJS.WritableStream = process.stdout, err: NodeJS.WritableStream = process.stderr): Log {
  const write = (stream: NodeJS.WritableStream, level: LogLevel, message: string, fields?: LogFields) =>
    stream.write(`${level === 'info' ? '' : `[${level}] `}${message}${formatFields(fields)}\n`);
  return {
    info: (m, f) => write(out, 'info', m, f),
    warn: (m, f) => write(err, 'warn', m, f),
    error: (m, f) => write(err, 'error', m, f),
  };
}

export type MemoryLog = Log & { entries: { level: LogLevel; message: string; fields?: LogFields }[] };

export function createMemoryLog(): MemoryLog {
  const entries: MemoryLog['entries'] = [];
  const push = (level: LogLevel) => (message: string, fields?: LogFields) => void entries.push({ level, message, fields });
  return { entries, info: push('info'), warn: push('warn'), error: push('error') };
}
