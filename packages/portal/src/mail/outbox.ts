import type { Logger } from '@byline/domain/logging/logger';
import type { Mailer, MailMessage } from './mailer';

/**
 * Mail sent after the answer: a page that mails someone must answer alike, and as fast, whether or not it
 * sends anything (or a reset form would tell who has an account). Failures are logged, never shown.
 */
export class Outbox {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly mailer: Mailer | null,
    private readonly logger: Logger,
  ) {}

  /** false when no SMTP server is configured: features that mail say so instead. */
  get available(): boolean {
    return this.mailer !== null;
  }

  /** Runs `compose` in the background and sends what it returns (nothing when it returns null). */
  post(purpose: string, compose: () => Promise<MailMessage | null>): void {
    const mailer = this.mailer;
    if (!mailer) return;
    const work = (async () => {
      const message = await compose();
      if (message) await mailer.send(message);
    })().catch((error: unknown) => {
      this.logger.error('mail not sent', { purpose, error: (error as Error).message });
    });
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  /** Resolves once everything posted so far is sent or has failed (tests; a graceful stop). */
  async settled(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }
}
