/**
 * The byte limit of JSON bodies on /api (413 in the catalogue's words past it, counted while reading). Requests
 * without a body and the routes that read their own body (own-body-routes.ts) pass untouched.
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { messages } from '../../shared/messages.ts';
import { AppError } from '../errors/app-error.ts';
import { ownBodyReading } from './own-body-routes.ts';

export const JSON_BODY_LIMIT_BYTES = 64 * 1024;

// GET and HEAD never have a body (Fetch forbids one); asking for it would build a full Request on every read.
const hasNoBody = (method: string) => method === 'GET' || method === 'HEAD';

export function jsonBodyLimit(): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: JSON_BODY_LIMIT_BYTES,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', messages.server.tooLarge);
    },
  });
  return (c, next) => (hasNoBody(c.req.method) || ownBodyReading(c.req.path) ? next() : limit(c, next));
}
