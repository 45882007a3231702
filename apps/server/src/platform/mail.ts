import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

/** A file sent with a message, e.g. a booking's PDF. */
export type MailAttachment = { filename: string; contentType: string; content: Buffer };
type MailMessage = {
  to: string;
  subject: string;
  text: string;
  /** Where the recipient's answer goes when it is not the portal's sender (an RFQ's requester). */
  replyTo?: string;
  attachments?: MailAttachment[];
  /** Extra header lines, e.g. List-Unsubscribe on notification mails. */
  headers?: Record<string, string>;
};
export type Mailer = { send(message: MailMessage): Promise<void>; close(): void };

/**
 * Sends through SMTP_URL when it is set; otherwise writes each message as an .eml file into
 * DATA_DIR/outbox and logs recipient and subject, so a new install can finish every mail flow.
 * Attachments travel either way (in the .eml as MIME parts).
 */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
  /** Connections kept open to the mail server (the mail worker's concurrency) and each mail's deadline. */
  pool?: { maxConnections: number; timeoutMs: number } | undefined;
}): Mailer {
  if (options.smtpUrl) {
    const { pool } = options;
    const transport = nodemailer.createTransport(
      pool
        ? {
            url: options.smtpUrl,
            pool: true,
            maxConnections: pool.maxConnections,
            connectionTimeout: pool.timeoutMs,
            greetingTimeout: pool.timeoutMs,
            socketTimeout: pool.timeoutMs,
          }
        : options.smtpUrl,
    );
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-zA-Z0-9]/g, '')}.eml`,
      );
      // Written beside, then renamed: whoever watches the outbox never reads half a message.
      await fs.writeFile(`${file}.part`, info.message as Buffer);
      await fs.rename(`${file}.part`, file);
      options.log.info(
        { to: message.to, subject: message.subject, file },
        'mail written to the outbox (no SMTP_URL set)',
      );
    },
    close: () => transport.close(),
  };
}
