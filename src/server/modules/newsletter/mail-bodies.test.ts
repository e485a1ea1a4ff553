import MailComposer from 'nodemailer/lib/mail-composer';
import { describe, expect, it } from 'vitest';
import { parseMessage } from '@server/testing/smtp-capture.js';
import { mailingBodies } from './mail-bodies.js';
import { personalise, renderMail } from './mail-content.js';

const content = renderMail(
  {
    subject: 'Fiddles & fire — this week’s episodes',
    intro: `Hello, fans.\n\nA long line of words ${'and more words '.repeat(12)}ends here.`,
    episodes: [
      { id: 7, title: 'Wheeler & the Jukebox – “live”', thumbnail: '/media/7.jpg' },
      { id: 8, title: 'Éclair de lune', thumbnail: '' },
    ],
  },
  { brand: 'Twang', publicUrl: 'https://twang.example' },
);
// '&' and '=' are escaped in HTML and quoted-printable; a long token crosses a line's end.
const link = `https://twang.example/newsletter/unsubscribe?token=${'Ab9-_'.repeat(20)}&x=1`;

async function composed(bodies: {
  text: string | { raw: string };
  html: string | { raw: string };
}) {
  const message = await new MailComposer({
    from: 'Twang <news@twang.example>',
    to: 'fan@example.com',
    subject: 'Episodes',
    ...bodies,
  })
    .compile()
    .build();
  return message.toString();
}

describe('a mailing’s bodies encoded once', () => {
  it('decode to each recipient’s own content, as MailComposer’s own encoding does', async () => {
    const expected = personalise(content, link);
    const raw = await composed(mailingBodies(content)(link));
    const parsed = parseMessage(raw);
    // The part's last line break is the boundary's: compared without it.
    expect(parsed.text.trimEnd()).toBe(expected.text.trimEnd());
    expect(parsed.html).toBe(expected.html);
    const own = parseMessage(await composed(expected));
    expect(parsed.text.trimEnd()).toBe(own.text.trimEnd());
    expect(parsed.html).toBe(own.html);
  });

  it('keep every line within quoted-printable’s 76 characters, whatever the link’s length', async () => {
    const bodies = mailingBodies(content);
    for (let length = 40; length <= 170; length++) {
      const each = `https://twang.example/unsubscribe?token=${'7'.repeat(length - 40)}`;
      const raw = await composed(bodies(each));
      const lines = raw.split(/\r?\n/);
      expect(lines.some((line) => line.includes('token=3D'))).toBe(true);
      expect(
        Math.max(...lines.map((line) => line.length)),
        `a link of ${length}`,
      ).toBeLessThanOrEqual(76);
    }
  });

  it('give each recipient only their own link', () => {
    const bodies = mailingBodies(content);
    const first = bodies('https://twang.example/u?token=first');
    const second = bodies('https://twang.example/u?token=second');
    expect(first.text.raw).toContain('token=3Dfirst');
    expect(first.text.raw).not.toContain('second');
    expect(second.html.raw).toContain('token=3Dsecond');
    expect(second.html.raw).not.toContain('first');
  });
});
