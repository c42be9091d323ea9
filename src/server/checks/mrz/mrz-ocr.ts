/**
 * The OCR engine of the MRZ check: ONE long-lived tesseract.js worker (tesseract runs in its own worker thread, so
 * the server's event loop stays free while a document is read), set up for machine-readable zones: only the
 * characters A-Z 0-9 '<', no dictionaries. Everything comes from node_modules: the WASM core (tesseract.js-core,
 * required by tesseract's Node worker) and the English LSTM model (@tesseract.js-data/eng, 4.0.0_best_int). Nothing
 * is fetched and no cache file is written (cacheMethod 'none').
 */
import { accessSync, constants, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Tesseract from 'tesseract.js';

export const MRZ_CHARSET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';
const TRAINEDDATA_FOLDER = '4.0.0_best_int';

export type OcrBox = { x0: number; y0: number; x1: number; y1: number };
export type OcrLine = { text: string; confidence: number; bbox: OcrBox };
/** One recognised character and where it is: the reader places it in its MRZ cell by position, not by order. */
export type OcrSymbol = { text: string; confidence: number; bbox: OcrBox };
export type OcrResult = { text: string; lines: OcrLine[]; symbols: OcrSymbol[] };

export type MrzOcr = {
  /** Reads a PNG that holds (at least) the MRZ: lines and characters in reading order, boxes in the PNG's pixels. */
  recognize(png: Uint8Array): Promise<OcrResult>;
  terminate(): Promise<void>;
};

const require = createRequire(import.meta.url);

function packageVersion(name: string): string {
  const file = require.resolve(`${name}/package.json`);
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const version = typeof parsed === 'object' && parsed !== null && 'version' in parsed ? parsed.version : undefined;
  return typeof version === 'string' ? version : 'unknown';
}

function langPath(): string {
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), TRAINEDDATA_FOLDER);
}

/** Recorded with each reading, so a reviewer (or a later audit) knows which engine and model read it. */
export const MRZ_ENGINE_VERSION = `tesseract.js ${packageVersion('tesseract.js')} (core ${packageVersion('tesseract.js-core')}), eng.traineddata ${TRAINEDDATA_FOLDER} (@tesseract.js-data/eng ${packageVersion('@tesseract.js-data/eng')})`;

/**
 * Starts the worker on first use (loading the model takes about a second); calls after that share it. tesseract.js
 * queues jobs on one worker, so concurrent recognize() calls run one after the other.
 */
export function createMrzOcr(): MrzOcr {
  let worker: Promise<Tesseract.Worker> | null = null;
  let cacheDir: string | null = null;

  const start = async (): Promise<Tesseract.Worker> => {
    const model = join(langPath(), 'eng.traineddata.gz');
    // tesseract.js never settles createWorker() when the model cannot be loaded: check first, and fail loudly.
    accessSync(model, constants.R_OK);
    let startFailed: (error: Error) => void = () => {};
    const failure = new Promise<never>((_, reject) => {
      startFailed = reject;
    });
    failure.catch(() => {});
    const created = Tesseract.createWorker(
      'eng',
      Tesseract.OEM.LSTM_ONLY,
      {
        langPath: langPath(),
        gzip: true,
        // Never a cache file beside the process (the default is the working directory). The folder, private and
        // removed on terminate(), is only there so that a tesseract.js that did look at its cache finds nothing foreign.
        cacheMethod: 'none',
        cachePath: (cacheDir = mkdtempSync(join(tmpdir(), 'mrz-ocr-'))),
        logger: () => {},
        // Without a handler tesseract.js throws a failed job's error from its message listener (an uncaught
        // exception); the job's own promise is rejected either way.
        errorHandler: (error: unknown) => startFailed(new Error(`tesseract.js: ${String(error)}`)),
      },
      // Init-only settings: the word lists would pull MRZ strings towards English words.
      { load_system_dawg: '0', load_freq_dawg: '0', load_unambig_dawg: '0', load_punc_dawg: '0', load_number_dawg: '0', load_bigram_dawg: '0' },
    );
    const w = await Promise.race([created, failure]);
    await w.setParameters({
      tessedit_char_whitelist: MRZ_CHARSET,
      tessedit_pageseg_mode: Tesseract.PSM.SINGLE_BLOCK,
      user_defined_dpi: '300',
    });
    return w;
  };

  return {
    async recognize(png) {
      worker ??= start();
      const w = await worker;
      const { data } = await w.recognize(Buffer.from(png), {}, { text: true, blocks: true });
      const lines: OcrLine[] = [];
      const symbols: OcrSymbol[] = [];
      for (const block of data.blocks ?? []) {
        for (const paragraph of block.paragraphs) {
          for (const line of paragraph.lines) {
            lines.push({ text: line.text.trim(), confidence: line.confidence, bbox: line.bbox });
            for (const word of line.words) {
              for (const symbol of word.symbols) symbols.push({ text: symbol.text, confidence: symbol.confidence, bbox: symbol.bbox });
            }
          }
        }
      }
      return { text: data.text, lines, symbols };
    },
    async terminate() {
      if (!worker) return;
      const pending = worker;
      worker = null;
      try {
        // A worker that failed to start has nothing to stop.
        const w = await pending.catch(() => null);
        if (w) await w.terminate();
      } finally {
        if (cacheDir) rmSync(cacheDir, { recursive: true, force: true });
        cacheDir = null;
      }
    },
  };
}
