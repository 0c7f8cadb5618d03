import nodemailer from 'nodemailer';

export type Mail = { to: string; subject: string; text: string; html?: string };
export type OutboxEntry = { to: string; subject: string; text: string; sentAt: string };

export interface Mailer {
  readonly kind: 'smtp' | 'console';
  send(mail: Mail): Promise<void>;
  /** Mail kept in memory by the console mailer (newest first); undefined for real SMTP. */
  outbox?(to?: string): OutboxEntry[];
  close?(): void;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}

const OUTBOX_LIMIT = 500;

/** Development mailer: prints each mail to stdout and keeps the latest ones for /v1/dev/outbox. */
export function createConsoleMailer(opts: { print?: boolean } = {}): Mailer {
  const sent: OutboxEntry[] = [];
  return {
    kind: 'console',
    async send(mail) {
      const entry = {
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        sentAt: new Date().toISOString(),
      };
      sent.unshift(entry);
      if (sent.length > OUTBOX_LIMIT) sent.length = OUTBOX_LIMIT;
      if (opts.print !== false) {
        process.stdout.write(
          `\n----- mail to ${mail.to} -----\nSubject: ${mail.subject}\n\n${mail.text}\n-----------------------------\n`,
        );
      }
    },
    outbox: (to) => (to ? sent.filter((m) => m.to === to.toLowerCase()) : [...sent]),
  };
}
