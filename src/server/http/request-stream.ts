/**
 * The raw request body as a Node stream: the Node request itself when served by @hono/node-server (no web Request
 * is built), else the Request's body stream (tests call app.request()). `ownStream`: the stream is ours to destroy
 * when we stop reading early; the Node request is not (destroying it would take the socket and the answer with it:
 * @hono/node-server drains or closes the connection after the answer instead).
 * `clientWentAway`: the client closed the connection before it had sent its whole request.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { Context } from 'hono';
import type { AppEnv } from '../app-context.ts';

export type RequestStream = { body: Readable; ownStream: boolean };

export function requestStream(c: Context<AppEnv>): RequestStream | null {
  const incoming = c.env?.incoming;
  if (incoming) return { body: incoming, ownStream: false };
  const stream = c.req.raw.body;
  return stream ? { body: Readable.fromWeb(stream as unknown as NodeReadableStream<Uint8Array>), ownStream: true } : null;
}

/**
 * The client closed the connection before its request was complete (a tab closed mid-upload): the Node request is
 * destroyed or errored without having ended. False under app.request(), where there is no connection.
 */
export function clientWentAway(c: Context<AppEnv>): boolean {
  const incoming = c.env?.incoming;
  return incoming?.complete === false && (incoming.destroyed === true || incoming.errored != null);
}
