/**
 * A local stand-in for CoinGecko's simple-price endpoint on 127.0.0.1:0, for the price service's tests. It answers
 * as the test sets it: a JSON body (CoinGecko's shape by default), an HTTP status, garbage, an oversized body, or no
 * answer at all (held until the test releases it or the server closes). It counts and records every request.
 *
 *   const api = await startFakePriceApi();
 *   api.answer({ kind: 'json', body: coinGeckoBody({ ETH: 2987.31 }) });
 *   ... CRYPTO_PRICE_API_URL = api.url ...
 *   await api.close();
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CRYPTO_PRICE_IDS, type CryptoCurrency } from '../../../src/shared/payment.ts';

export type FakePriceAnswer =
  | { kind: 'json'; body: unknown }
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'garbage' }
  | { kind: 'huge'; bytes: number }
  | { kind: 'hang' }
  /** A 302 back to this same server: followed, it would show as a second request. */
  | { kind: 'redirect' };

export type FakePriceApi = {
  /** The simple-price URL to configure (http://127.0.0.1:<port>/api/v3/simple/price). */
  readonly url: string;
  /** Requests received so far. */
  readonly requests: { url: string; headers: IncomingMessage['headers'] }[];
  answer(answer: FakePriceAnswer): void;
  /** Answers every held ('hang') request with the current answer. */
  release(): void;
  close(): Promise<void>;
};

/** CoinGecko's simple-price body for the given EUR prices (each with last_updated_at `at`, seconds). */
export function coinGeckoBody(prices: Partial<Record<CryptoCurrency, number>>, at: number | null = null): Record<string, { eur: number; last_updated_at?: number }> {
  const body: Record<string, { eur: number; last_updated_at?: number }> = {};
  for (const [coin, eur] of Object.entries(prices) as [CryptoCurrency, number][]) {
    body[CRYPTO_PRICE_IDS[coin]] = at === null ? { eur } : { eur, last_updated_at: at };
  }
  return body;
}

export async function startFakePriceApi(): Promise<FakePriceApi> {
  let current: FakePriceAnswer = { kind: 'json', body: coinGeckoBody({ ETH: 3000, BTC: 60000, USDC: 0.92, USDT: 0.92 }) };
  const requests: FakePriceApi['requests'] = [];
  const held: ServerResponse[] = [];
  let url = '';

  const send = (res: ServerResponse, answer: FakePriceAnswer) => {
    if (res.destroyed) return;
    switch (answer.kind) {
      case 'json':
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
        return;
      case 'status':
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body ?? '{"status":{"error_code":429,"error_message":"rate limited"}}');
        return;
      case 'garbage':
        res.writeHead(200, { 'content-type': 'application/json' }).end('<html>Service Unavailable</html>');
        return;
      case 'huge': {
        // Streamed without a content-length, so only the reader's own count can stop it.
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"ethereum":{"eur":3000},"bitcoin":{"eur":60000},"padding":"');
        const chunk = 'x'.repeat(16 * 1024);
        let sent = 0;
        const pump = () => {
          while (sent < answer.bytes) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end('"}');
        };
        res.on('error', () => undefined);
        pump();
        return;
      }
      case 'hang':
        held.push(res);
        return;
      case 'redirect':
        res.writeHead(302, { location: `${url}?followed=1` }).end();
        return;
    }
  };

  const server = createServer((req, res) => {
    requests.push({ url: req.url ?? '', headers: req.headers });
    send(res, current);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}/api/v3/simple/price`;

  return {
    url,
    requests,
    answer(answer) {
      current = answer;
    },
    release() {
      for (const res of held.splice(0)) send(res, current.kind === 'hang' ? { kind: 'status', status: 504 } : current);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held.splice(0)) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
