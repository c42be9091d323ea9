/**
 * The legal agreements through the API as the browser would send them (seven signings with a drawn signature, the
 * wallet, the completion): for specs that start at payment. The agreements journey itself is covered by
 * agreements/agreements.e2e.ts in the browser.
 */
import { PNG } from 'pngjs';
import { AGREEMENT_KEYS, AGREEMENT_NAMES, SIGNATURE_DATA_URL_PREFIX, type LegalProgressResponse } from '../../../src/shared/legal.ts';
import { baseUrl } from './browser.ts';
import type { Investor } from './investor.ts';

/** A 500 x 120 PNG with a scribble across it, as the signature pad exports it. */
function signatureDataUrl(seed: number): string {
  const png = new PNG({ width: 500, height: 120 });
  png.data.fill(0);
  for (let x = 30; x < 470; x += 0.5) {
    const y = 60 + 35 * Math.sin(x / (12 + seed)) * Math.cos(x / 50);
    for (let dy = -2; dy <= 2; dy++) {
      for (let dx = -2; dx <= 2; dx++) {
        const i = (Math.round(y + dy) * 500 + Math.round(x + dx)) * 4;
        png.data[i] = 20;
        png.data[i + 1] = 20;
        png.data[i + 2] = 60;
        png.data[i + 3] = 255;
      }
    }
  }
  return SIGNATURE_DATA_URL_PREFIX + PNG.sync.write(png).toString('base64');
}

async function call(method: 'GET' | 'POST', path: string, token: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Signs all seven agreements (every box ticked), saves the registered wallet and completes the step. */
export async function completeAgreementsViaApi(investor: Investor, walletAddress = `0x${'cd34'.repeat(10)}`): Promise<void> {
  const { configurations } = (await call('GET', '/api/legal/progress', investor.token)) as LegalProgressResponse;
  const agreements = Object.fromEntries(
    AGREEMENT_KEYS.map((key, i) => {
      const config = configurations[key];
      const checkboxes = Object.fromEntries(config.checkboxes.map((box) => [box.id, true]));
      return [AGREEMENT_NAMES[key], { sha256: config.sha256, accepted: true, signature: signatureDataUrl(i + 1), signed: true, signedAt: null, checkboxes }];
    }),
  );
  await call('POST', '/api/legal/save-progress', investor.token, { agreements, walletAddress });
  await call('POST', '/api/legal/complete', investor.token, {});
}
