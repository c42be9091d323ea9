/**
 * Serves pdf.js's data files from our own origin (no CDN): cMaps, standard fonts, wasm decoders and
 * ICC profiles from node_modules/pdfjs-dist, under {base}pdfjs/<folder>/. In dev a middleware serves
 * them; in a build they are emitted into the output (dist/pdfjs/...). The worker itself is bundled by
 * the viewer's `?url` import. Folder names match src/client/ui/document-viewer/pdfjs-asset-urls.ts.
 */
import { createReadStream, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const ASSET_DIR = 'pdfjs';
const FOLDERS = ['cmaps', 'standard_fonts', 'wasm', 'iccs'] as const;

const CONTENT_TYPES: Record<string, string> = {
  '.wasm': 'application/wasm', // needed for WebAssembly.instantiateStreaming
  '.js': 'text/javascript',
  '.ttf': 'font/ttf',
};

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Folder of the installed pdfjs-dist: resolved from the project root like the app's own import, else
 * from this file (a build whose root is elsewhere, such as a test harness).
 */
export function pdfjsDistDir(root: string): string {
  for (const from of [path.join(root, 'package.json'), import.meta.url]) {
    try {
      return path.dirname(createRequire(from).resolve('pdfjs-dist/package.json'));
    } catch {
      // try the next place
    }
  }
  throw new Error('pdfjs-assets: pdfjs-dist is not installed');
}

/** Every file to publish, as [path under pdfjs/, absolute source path]. Sub-folders are not used. */
export function pdfjsAssetFiles(distDir: string): Array<[string, string]> {
  return FOLDERS.flatMap((folder) =>
    readdirSync(path.join(distDir, folder), { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry): [string, string] => [`${folder}/${entry.name}`, path.join(distDir, folder, entry.name)]),
  );
}

/** Maps a request path below {base}pdfjs/ to a file, refusing anything outside the four folders. */
export function resolveAssetRequest(distDir: string, requestPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath.split('?')[0] ?? '');
  } catch {
    return null;
  }
  const [folder, name, ...rest] = decoded.replace(/^\/+/, '').split('/');
  if (!folder || !name || rest.length > 0 || !(FOLDERS as readonly string[]).includes(folder)) return null;
  if (name === '.' || name === '..' || name.includes('\\')) return null;
  const file = path.join(distDir, folder, name);
  try {
    return statSync(file).isFile() ? file : null;
  } catch {
    return null;
  }
}

export function pdfjsAssets(): Plugin {
  let distDir = '';
  let base = '/';
  return {
    name: 'pdfjs-assets',
    configResolved(config) {
      distDir = pdfjsDistDir(config.root);
      base = config.base;
    },
    configureServer(server) {
      const prefix = `${base}${ASSET_DIR}/`;
      server.middlewares.use((req, res, next) => {
        if (!req.url?.startsWith(prefix) || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
        const file = resolveAssetRequest(distDir, req.url.slice(prefix.length));
        if (!file) return next();
        res.setHeader('Content-Type', contentTypeOf(file));
        res.setHeader('Cache-Control', 'public, max-age=86400');
        if (req.method === 'HEAD') return res.end();
        createReadStream(file).on('error', next).pipe(res);
      });
    },
    generateBundle() {
      for (const [relative, source] of pdfjsAssetFiles(distDir)) {
        this.emitFile({ type: 'asset', fileName: `${ASSET_DIR}/${relative}`, source: readFileSync(source) });
      }
    },
  };
}
