import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

type ReceivedMail = {
  to: string;
  replyTo: string;
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
  /** the raw header lines by lower-case name (the last of each) */
  headers: Record<string, string>;
  /** when it was accepted (Date.now()) */
  receivedAt: number;
};

/**
 * A real SMTP server on loopback that keeps what it receives. `refuse`: recipients it answers with
 * a temporary failure (451) while the function says so.
 */
export async function startMailServer(
  options: { hold?: Promise<void>; refuse?: (to: string) => boolean } = {},
) {
  const inbox: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!options.refuse?.(address.address)) return callback();
      callback(Object.assign(new Error('mailbox busy, try again later'), { responseCode: 451 }));
    },
    onData(stream, _session, callback) {
      // `hold`: the message is read, but not accepted (nor kept) until the promise settles.
      Promise.all([simpleParser(stream), options.hold])
        .then(([mail]) => mail)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
          inbox.push({
            to,
            replyTo: mail.replyTo?.text ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            headers: Object.fromEntries(
              mail.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(':') + 1).trim()]),
            ),
            attachments: mail.attachments.map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              content: a.content,
            })),
            receivedAt: Date.now(),
          });
          waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch(callback);
    },
  });
  // A sender killed mid-conversation resets its connection: that is the sender's crash, not ours.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET') throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    /** Resolves with the next mail to `to`, or fails after `timeoutMs`. */
    async next(to: string, timeoutMs = 5000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = inbox.findIndex((mail) => mail.to.includes(to));
        if (index >= 0) return inbox.splice(index, 1)[0] as ReceivedMail;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
