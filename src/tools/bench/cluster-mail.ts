/**
 * The mail sink of the cluster bench: a real SMTP server (smtp-server, in the bench process) that both instances
 * send to through SMTP_URL, so a login code reaches the journey whichever instance's job runner delivers it, and a
 * mail sent twice (a job re-run after its runner was killed before marking it done) is seen twice and counted.
 * Plain SMTP on loopback, no TLS and no AUTH: nothing leaves the machine.
 */
import { SMTPServer } from 'smtp-server';

const CODE_IN_MAIL = /code is (\d{6})\b/;

/** What runJourney needs from wherever the codes come from (OutboxCodes has the same shape). */
export interface CodeSource {
  code(email: string, timeoutMs?: number): Promise<string>;
}

/** Quoted-printable soft breaks and escapes undone, so the code is found however the mailer encoded the body. */
const decodeQuotedPrintable = (text: string) => text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

export class MailSink implements CodeSource {
  /** Codes received and not handed out yet, oldest first, per recipient. */
  private readonly codes = new Map<string, string[]>();
  private readonly waiting = new Map<string, { resolve(code: string): void; reject(error: Error): void; timer: NodeJS.Timeout }>();
  private received = 0;
  /** How often each (recipient, code) arrived: 2 is one code mail delivered twice. */
  private readonly codeMails = new Map<string, number>();

  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
  ) {}

  static async start(): Promise<MailSink> {
    let sink: MailSink | null = null;
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      logger: false,
      // Many deliveries at once from two job runners: no artificial limits here.
      maxClients: 1000,
      size: 1024 * 1024,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const text = decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8'));
          for (const rcpt of session.envelope.rcptTo) sink?.deliver(rcpt.address.toLowerCase(), CODE_IN_MAIL.exec(text)?.[1] ?? null);
          callback();
        });
        stream.on('error', callback);
      },
    });
    const port = await new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port));
    });
    sink = new MailSink(server, port);
    return sink;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  private deliver(to: string, code: string | null): void {
    this.received++;
    if (code === null) return;
    this.codeMails.set(`${to} ${code}`, (this.codeMails.get(`${to} ${code}`) ?? 0) + 1);
    const waiter = this.waiting.get(to);
    if (waiter) {
      this.waiting.delete(to);
      clearTimeout(waiter.timer);
      waiter.resolve(code);
      return;
    }
    const list = this.codes.get(to) ?? [];
    list.push(code);
    this.codes.set(to, list);
  }

  /**
   * The oldest code mailed to `email` not handed out yet. The default wait covers a mail job whose runner was killed
   * while holding it: the job is claimed again when its 60 s lease runs out.
   */
  code(email: string, timeoutMs = 120_000): Promise<string> {
    const key = email.toLowerCase();
    const known = this.codes.get(key)?.shift();
    if (known) return Promise.resolve(known);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(key);
        reject(new Error(`no login code mailed to ${email} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting.set(key, { resolve, reject, timer });
    });
  }

  /** Mails received, code mails among them, and code mails that arrived more than once (a job run again). */
  deliveries(): { sent: number; codeMails: number; duplicates: number } {
    const counts = [...this.codeMails.values()];
    return { sent: this.received, codeMails: counts.reduce((a, n) => a + n, 0), duplicates: counts.filter((n) => n > 1).length };
  }

  /** Codes that arrived and nobody took (a repeated delivery of a mail already read leaves one here). */
  unclaimed(email: string): number {
    return this.codes.get(email.toLowerCase())?.length ?? 0;
  }

  async stop(): Promise<void> {
    for (const [, waiter] of this.waiting) {
      clearTimeout(waiter.timer);
      waiter.reject(new Error('mail sink stopped'));
    }
    this.waiting.clear();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
