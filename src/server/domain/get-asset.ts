import { eq } from 'drizzle-orm';
import { messages } from '../../shared/messages.ts';
import type { Db } from '../db/types.ts';
import { assets } from '../db/schema/index.ts';
import { AppError } from '../errors/app-error.ts';

export type Asset = { name: string; contentType: string; bytes: Uint8Array };

/** A stored asset by key (e.g. 'nda'). */
export async function getAsset(db: Db, key: string): Promise<Asset> {
  const [row] = await db
    .select({ name: assets.name, contentType: assets.contentType, bytes: assets.bytes })
    .from(assets)
    .where(eq(assets.key, key))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', messages.server.notFound);
  return row;
}
