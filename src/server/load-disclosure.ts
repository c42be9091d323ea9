/** `npm run disclosure:load -- <folder>`: the older name of `npm run content:load` (load-content.ts), kept working. */
import { runContentLoad } from './seed/load-content-command.ts';

await runContentLoad('disclosure:load', 'Disclosure sections');
