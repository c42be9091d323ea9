/** The yardstick for the load benchmark: Hono on @hono/node-server with nothing in between. */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono().get('/ping', (c) => c.text('ok'));
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`listening ${info.port}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
