/**
 * The one place errors become answers: an AppError answers its status and `{ error }` in the catalogue's words;
 * Hono's own 4xx (e.g. a body over its limit) the catalogue's word for it; anything else is logged on the server
 * and answered 500 without detail, so nothing internal reaches the client. A client that went away mid-body is no
 * fault of ours: one info line (no stack), and a 400 nobody will read. Lines name the call by its route pattern,
 * never by the path the client sent.
 */
import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { messages } from '../../shared/messages.ts';
import { isAppError } from '../errors/app-error.ts';
import type { Log } from '../log.ts';
import { routePattern } from './request-id.ts';
import { clientWentAway } from './request-stream.ts';

/** What reading a body gives when the connection closes under it (Node's 'aborted', a stream closed early). */
const READ_BROKEN_OFF = new Set(['ECONNRESET', 'ERR_STREAM_PREMATURE_CLOSE']);
const isReadBrokenOff = (error: unknown) => READ_BROKEN_OFF.has((error as { code?: unknown } | null)?.code as string);

export function answerError(log: Log): ErrorHandler {
  return (error, c) => {
    if ((isReadBrokenOff(error) || (isAppError(error) && error.status < 500)) && clientWentAway(c)) {
      log.info('Request aborted by the client', { method: c.req.method, route: routePattern(c) });
      return c.json({ error: messages.server.invalidRequest }, 400);
    }
    if (isAppError(error)) {
      if (error.status >= 500) log.error('Request failed', { method: c.req.method, route: routePattern(c), error });
      return c.json(error.toBody(), error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ error: error.status === 413 ? messages.server.tooLarge : messages.server.invalidRequest }, error.status);
    }
    log.error('Unhandled error', { method: c.req.method, route: routePattern(c), error });
    return c.json({ error: messages.server.internal }, 500);
  };
}
