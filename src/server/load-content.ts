/** `npm run content:load -- <folder>`: an issuer's disclosure sections and agreements (seed/load-content-command.ts). */
import { runContentLoad } from './seed/load-content-command.ts';

await runContentLoad('content:load', 'Content');
