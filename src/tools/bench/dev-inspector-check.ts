/**
 * The live inspector is for development builds only (issue 16): no production file may hold it. Searches every
 * built script, style and page of dist/ (investor and back-office) and dist-server/ for the marker its module carries
 * (src/client/dev-inspector/inspector-store.ts INSPECTOR_MARKER).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const DEV_INSPECTOR_MARKER = 'g2g-dev-inspector';

function* builtFiles(dir: string): Generator<string> {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* builtFiles(path);
    else if (/\.(m?js|css|html)$/.test(name)) yield path;
  }
}

export type DevInspectorCheck = { searched: number; holding: string[] };

export function checkNoDevInspector(root: string, dirs = ['dist', 'dist-server']): DevInspectorCheck {
  let searched = 0;
  const holding: string[] = [];
  for (const dir of dirs) {
    for (const file of builtFiles(join(root, dir))) {
      searched++;
      if (readFileSync(file, 'utf8').includes(DEV_INSPECTOR_MARKER)) holding.push(relative(root, file));
    }
  }
  return { searched, holding };
}

export const devInspectorFailures = (c: DevInspectorCheck): string[] =>
  c.searched === 0 ? ['dev inspector check: no built file to search (build first)'] : c.holding.map((f) => `the development inspector is in a production file: ${f}`);

export const devInspectorSection = (c: DevInspectorCheck): string =>
  `Searched ${c.searched} built files (dist/, dist-server/) for '${DEV_INSPECTOR_MARKER}': ${c.holding.length ? `**found in** ${c.holding.join(', ')}` : 'in none (the production builds hold none of the inspector)'}.`;
