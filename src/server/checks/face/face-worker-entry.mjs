// The face worker's entry point (face-comparer.ts starts it). Plain JavaScript because Node 20 loads a worker's
// entry file before any `--import tsx` of the worker's execArgv takes effect: "Unknown file extension .ts", under
// `node --import tsx` and vitest alike. So this file registers tsx in the worker thread, then loads the worker.
// The production build (src/tools/build-server.ts) bundles face-worker.ts under this file's name instead.
import { register } from 'tsx/esm/api';

register();
await import('./face-worker.ts');
