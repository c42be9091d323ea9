// The sealing worker's entry point (agreement-sealer.ts starts it). Plain JavaScript because Node 20 loads a worker's
// entry file before any `--import tsx` of the worker's execArgv takes effect: "Unknown file extension .ts", under
// `node --import tsx` and vitest alike. So this file registers tsx in the worker thread, then loads the worker.
import { register } from 'tsx/esm/api';

register();
await import('./seal-worker.ts');
