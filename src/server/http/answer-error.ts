/**
 * The one place errors become answers: an AppError answers its status and `{ error }` in the catalogue's words;
 * Hono's own 4xx (e.g. a body over its limit) the catalogue's word for it; anything else is logged on the server
 * and answered 500 without detail, so nothing internal reaches the client.
 */
import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { messages } from '../../shared/messages.ts';
import { isAppError } from '../errors/app-error.ts';
import type { Log } from '../log.ts';

export function answerError(log: Log): ErrorHandler {
  return (error, c) => {
    if (isAppError(error)) {
      if (error.status >= 500) log.error('Request failed', { method: c.req.method, path: c.req.path, error });
      return c.json(error.toBody(), error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ error: error.status === 413 ? messages.server.tooLarge : messages.server.invalidRequest }, error.status);
    }
    log.error('Unhandled error', { method: c.req.method, path: c.req.path, error });
    return c.json({ error: messages.server.internal }, 500);
  };
}
