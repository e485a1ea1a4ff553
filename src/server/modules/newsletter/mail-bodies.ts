import * as qp from 'nodemailer/lib/qp';
import { escapeHtml, UNSUBSCRIBE_PLACEHOLDER, type MailContent } from './mail-content.js';

/** A MIME part given to MailComposer as is (its headers and encoded body). */
export interface RawPart {
  raw: string;
}

/** One recipient's bodies, ready for MailComposer's `text` and `html`. */
export interface RecipientBodies {
  text: RawPart;
  html: RawPart;
}

/** Quoted-printable's 76 less one: a piece's last line gets the soft break's '=' after it. */
const LINE_LENGTH = 75;
const encode = (value: string) => qp.wrap(qp.encode(value), LINE_LENGTH);

function part(contentType: string, body: string): (link: string) => RawPart {
  const head = `Content-Type: ${contentType}; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n`;
  const pieces = body.split(UNSUBSCRIBE_PLACEHOLDER).map(encode);
  // Soft line breaks around the link: each piece stays a whole quoted-printable text, and the
  // decoded body is exactly the content with the link in place of the placeholder.
  return (link) => ({ raw: head + pieces.join(`=\r\n${encode(link)}=\r\n`) });
}

/**
 * A mailing's bodies encoded once for the whole list: per recipient only their unsubscribe link
 * is encoded. MailComposer encoding both bodies per mail was half of composing it (0.32 against
 * 0.16 ms a mail, measured on a one-episode mailing). Always quoted-printable, where MailComposer
 * might pick base64 for mostly non-Latin text: larger then, never wrong.
 */
export function mailingBodies(content: MailContent): (unsubscribeUrl: string) => RecipientBodies {
  const text = part('text/plain', content.text);
  const html = part('text/html', content.html);
  return (unsubscribeUrl) => ({
    text: text(unsubscribeUrl),
    html: html(escapeHtml(unsubscribeUrl)),
  });
}
