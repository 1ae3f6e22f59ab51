import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Mailbox {
  /** `smtp://…` address of the server, with the credentials it asks for when it was started with some. */
  url: string;
  /** Every message received so far, parsed, in the order received. */
  messages(): Promise<ParsedMail[]>;
  /** The user names the server saw authenticate. */
  logins: string[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (no TLS) that keeps what it receives. With `credentials`, it refuses
 * mail from a client that did not sign in with them.
 */
export async function startMailbox(credentials?: { user: string; pass: string }): Promise<Mailbox> {
  const raw: Buffer[] = [];
  const logins: string[] = [];
  const server = new SMTPServer({
    disabledCommands: credentials ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !credentials,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (credentials && auth.username === credentials.user && auth.password === credentials.pass) {
        logins.push(auth.username);
        return callback(null, { user: auth.username });
      }
      callback(new Error('Invalid username or password'));
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        raw.push(Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const auth = credentials ? `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.pass)}@` : '';
  return {
    url: `smtp://${auth}127.0.0.1:${port}`,
    messages: () => Promise.all(raw.map((message) => simpleParser(message))),
    logins,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first http(s) address in a mail's text. */
export function linkIn(mail: ParsedMail): string {
  const match = /https?:\/\/\S+/.exec(mail.text ?? '');
  if (!match) throw new Error(`no link in the mail: ${mail.text}`);
  return match[0];
}
