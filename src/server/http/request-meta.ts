/** Who is asking, for the audit trail: client address and user agent (both bounded in length). */
import type { Context } from 'hono';
import type { AppEnv } from '../app-context.ts';

export type RequestMeta = { ip: string | null; userAgent: string | null };

const clip = (value: string | null | undefined, max: number): string | null => (value ? value.slice(0, max) : null);

export function requestMeta(c: Context<AppEnv>, trustProxy: boolean): RequestMeta {
  const forwarded = trustProxy ? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() : undefined;
  const socketAddress = c.env?.incoming?.socket?.remoteAddress;
  return { ip: clip(forwarded || socketAddress, 64), userAgent: clip(c.req.header('user-agent'), 512) };
}
