import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../app-context.ts';
import { getAsset } from '../domain/get-asset.ts';
import { NDA_ASSET_KEY } from '../seed/seed-database.ts';

/** Public: the NDA shown in registration step 3, before the investor has an account. */
export function assetsRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>().get('/nda', async (c) => {
    const nda = await getAsset(db, NDA_ASSET_KEY);
    return c.body(nda.bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': nda.contentType,
      'Content-Length': String(nda.bytes.byteLength),
      'Content-Disposition': `inline; filename="${nda.name}"`,
    });
  });
}
