/** A plain-text message to one person. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail; resolves when the server accepted the message. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
