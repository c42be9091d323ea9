/**
 * Tokens jose has already accepted under one key, each with the span of time in which jose would accept it again,
 * so a token presented again skips the HMAC (WebCrypto) and claim parsing (~150 µs a call). Sound because, under a
 * fixed key and fixed options, jose's answer depends only on the token string and the current time, and the
 * caller derives the span from exactly the time checks it asked jose to make (see token-service.ts). Only
 * accepted tokens enter, so forged ones cannot fill it. Whether the SESSION is still live is never cached:
 * bearerAuth asks the database on every call.
 */
type Entry<T> = { value: T; from: number; until: number };

export class VerifiedTokenCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly maxEntries: number) {}

  /** The remembered value when from <= nowSeconds < until; otherwise undefined (and the entry is dropped). */
  get(token: string, nowSeconds: number): T | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (nowSeconds < entry.from || nowSeconds >= entry.until) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.value;
  }

  /** Remembers a token accepted at every whole second in [from, until). */
  set(token: string, value: T, from: number, until: number): void {
    // Oldest first out: a Map iterates in insertion order.
    if (this.entries.size >= this.maxEntries && !this.entries.has(token)) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, { value, from, until });
  }

  get size(): number {
    return this.entries.size;
  }
}
