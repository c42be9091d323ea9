/**
 * METRICS_PORT: a listener of its own, on HOST, answering GET /metrics with the Prometheus text and 404 to anything
 * else. No token: it is meant for a port the platform keeps private (a scrape network, not the public proxy).
 * Deliberately not the Hono app: none of the API's middleware, logs or metrics apply to scrapes.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Log } from '../log.ts';
import type { Metrics } from './create-metrics.ts';

export type MetricsListener = { port: number; close(): Promise<void> };

export async function startMetricsListener(metrics: Metrics, options: { host: string; port: number; log: Log }): Promise<MetricsListener> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end('Not found: metrics are at GET /metrics.\n');
      return;
    }
    metrics.render().then(
      ({ contentType, body }) => {
        res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => {
        options.log.error('Rendering the metrics failed', { error });
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Metrics unavailable.\n');
      },
    );
  });
  // Scrapes are short: a keep-alive scraper must not hold the close open.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
