import { describe, expect, it } from 'vitest';
import { isYoutubeId, parseYoutubeId } from './youtube-url.js';

const ID = 'dQw4w9WgXcQ';
const ODD_ID = 'a-B_c1D2e3F';

describe('parseYoutubeId', () => {
  it.each([
    ['a bare id', ID],
    ['a bare id with - and _', ODD_ID],
    ['a bare id with spaces around', `  ${ID}\n`],
    ['watch?v=', `https://www.youtube.com/watch?v=${ID}`],
    ['watch?v= over http', `http://www.youtube.com/watch?v=${ID}`],
    ['watch?v= without www', `https://youtube.com/watch?v=${ID}`],
    ['watch?v= without a scheme', `www.youtube.com/watch?v=${ID}`],
    ['watch?v= without scheme or www', `youtube.com/watch?v=${ID}`],
    ['a protocol-relative link', `//www.youtube.com/watch?v=${ID}`],
    ['v after other parameters', `https://www.youtube.com/watch?feature=share&v=${ID}`],
    ['v before other parameters', `https://www.youtube.com/watch?v=${ID}&list=PL123&index=4&t=42s`],
    ['a fragment', `https://www.youtube.com/watch?v=${ID}#t=1m`],
    ['an upper-case host', `HTTPS://WWW.YOUTUBE.COM/watch?v=${ID}`],
    ['a host with a port', `youtube.com:443/watch?v=${ID}`],
    ['the mobile host', `https://m.youtube.com/watch?v=${ID}`],
    ['the music host', `https://music.youtube.com/watch?v=${ID}&si=abc`],
    ['youtu.be', `https://youtu.be/${ID}`],
    ['youtu.be with parameters', `https://youtu.be/${ID}?si=xyz&t=10`],
    ['youtu.be without a scheme', `youtu.be/${ID}`],
    ['shorts', `https://www.youtube.com/shorts/${ID}`],
    ['shorts with parameters', `https://youtube.com/shorts/${ID}?feature=share`],
    ['embed', `https://www.youtube.com/embed/${ID}?autoplay=0`],
    ['live', `https://www.youtube.com/live/${ID}?si=abc`],
    ['/v/', `https://www.youtube.com/v/${ID}`],
    ['youtube-nocookie embed', `https://www.youtube-nocookie.com/embed/${ID}`],
    ['youtube-nocookie without www', `youtube-nocookie.com/embed/${ID}?rel=0`],
    ['a trailing slash', `https://youtu.be/${ID}/`],
  ])('accepts %s', (_name, input) => {
    expect(parseYoutubeId(input)).toBe(input.includes(ODD_ID) ? ODD_ID : ID);
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['null', null],
    ['undefined', undefined],
    ['a 10-character id', 'dQw4w9WgXc'],
    ['a 12-character id', 'dQw4w9WgXcQQ'],
    ['an id with a bad character', 'dQw4w9WgX.Q'],
    ['a too-short watch id', 'https://www.youtube.com/watch?v=dQw4w9WgXc'],
    ['a too-long watch id', 'https://www.youtube.com/watch?v=dQw4w9WgXcQQ'],
    ['a too-long youtu.be id', `https://youtu.be/${ID}x`],
    ['another host', `https://notyoutube.com/watch?v=${ID}`],
    ['a look-alike host', `https://youtube.com.evil.com/watch?v=${ID}`],
    ['a subdomain of another host', `https://www.youtube.evil.com/watch?v=${ID}`],
    ['credentials before another host', `https://youtube.com@evil.com/watch?v=${ID}`],
    ['credentials before youtube', `https://user:pass@youtube.com/watch?v=${ID}`],
    ['a javascript: link', `javascript:alert('${ID}')`],
    ['a javascript: link with a youtube path', `javascript://youtube.com/watch?v=${ID}`],
    ['a data: link', `data:text/html,${ID}`],
    ['an ftp link', `ftp://youtube.com/watch?v=${ID}`],
    ['watch without v', 'https://www.youtube.com/watch?list=PL123'],
    ['a channel page', 'https://www.youtube.com/@twangshow'],
    ['a playlist', 'https://www.youtube.com/playlist?list=PL1234567890'],
    ['the home page', 'https://www.youtube.com/'],
    ['nocookie watch (not a form it serves)', `https://www.youtube-nocookie.com/watch?v=${ID}`],
    ['shorts without an id', 'https://www.youtube.com/shorts/'],
    ['plain words', 'country music video'],
    ['a very long text', `https://youtu.be/${ID}?x=${'a'.repeat(3000)}`],
  ])('rejects %s', (_name, input) => {
    expect(parseYoutubeId(input)).toBeNull();
  });
});

describe('isYoutubeId', () => {
  it('accepts exactly 11 of [0-9A-Za-z_-]', () => {
    expect(isYoutubeId(ID)).toBe(true);
    expect(isYoutubeId(ODD_ID)).toBe(true);
    expect(isYoutubeId(`${ID} `)).toBe(false);
    expect(isYoutubeId('+'.repeat(11))).toBe(false);
  });
});
