/** What the e2e global setup hands to test files through vitest's provide/inject. */
declare module 'vitest' {
  export interface ProvidedContext {
    /** Empty when the browser and server are up; otherwise why every e2e file is skipped. */
    e2eSkipReason: string;
    /** Playwright browser-server endpoint of the one shared Chromium. */
    wsEndpoint: string;
    /** The real server, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
    /** The server's DATA_DIR (outbox, uploads, PGlite). */
    dataDir: string;
  }
}

export {};
