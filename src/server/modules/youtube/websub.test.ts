import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  WebsubRequestError,
  YOUTUBE_HUB_URL,
  channelIdFromTopic,
  verifyHubChallenge,
  verifyHubSignature,
  websubRequestBody,
  youtubeTopicUrl,
} from './websub.js';

const CHANNEL = 'UCtwangShowCountry000001';
const TOPIC = `https://www.youtube.com/xml/feeds/videos.xml?channel_id=${CHANNEL}`;
const CALLBACK = 'https://twang.example/websub/youtube';

describe('topics', () => {
  it("names a channel's feed as YouTube documents it, and reads the channel back", () => {
    expect(YOUTUBE_HUB_URL).toBe('https://pubsubhubbub.appspot.com/subscribe');
    expect(youtubeTopicUrl(CHANNEL)).toBe(TOPIC);
    expect(channelIdFromTopic(TOPIC)).toBe(CHANNEL);
    expect(
      channelIdFromTopic(`https://www.youtube.com/feeds/videos.xml?channel_id=${CHANNEL}`),
    ).toBe(CHANNEL);
  });

  it('reads no channel from another site, path or a topic without one', () => {
    expect(channelIdFromTopic(`https://evil.example/xml/feeds/videos.xml?channel_id=x`)).toBeNull();
    expect(channelIdFromTopic('https://www.youtube.com/xml/feeds/videos.xml')).toBeNull();
    expect(channelIdFromTopic('https://www.youtube.com/watch?channel_id=x')).toBeNull();
    expect(channelIdFromTopic('not a url')).toBeNull();
  });
});

describe('websubRequestBody', () => {
  it('carries callback, topic, mode, async verification, secret and lease', () => {
    const body = websubRequestBody({
      mode: 'subscribe',
      callback: CALLBACK,
      topic: TOPIC,
      secret: 's3cret',
      leaseSeconds: 864000,
    });
    expect(Object.fromEntries(body)).toEqual({
      'hub.callback': CALLBACK,
      'hub.topic': TOPIC,
      'hub.mode': 'subscribe',
      'hub.verify': 'async',
      'hub.secret': 's3cret',
      'hub.lease_seconds': '864000',
    });
    expect(body.toString()).toContain('hub.topic=https%3A%2F%2Fwww.youtube.com');
  });

  it('leaves out what an unsubscribe does not need', () => {
    const body = websubRequestBody({ mode: 'unsubscribe', callback: CALLBACK, topic: TOPIC });
    expect([...body.keys()]).toEqual(['hub.callback', 'hub.topic', 'hub.mode', 'hub.verify']);
  });

  it('refuses a callback or topic that is not http(s), a bad lease and an oversized secret', () => {
    const base = { mode: 'subscribe', callback: CALLBACK, topic: TOPIC } as const;
    const bad = [
      { ...base, callback: 'ftp://twang.example/cb' },
      { ...base, callback: '/websub' },
      { ...base, topic: 'javascript:alert(1)' },
      { ...base, leaseSeconds: 0 },
      { ...base, leaseSeconds: 1.5 },
      { ...base, secret: '' },
      { ...base, secret: 'x'.repeat(200) },
    ];
    for (const request of bad) {
      expect(() => websubRequestBody(request), JSON.stringify(request)).toThrow(WebsubRequestError);
    }
    expect(() => websubRequestBody({ ...base, secret: 'x'.repeat(199) })).not.toThrow();
  });
});

describe('verifyHubChallenge', () => {
  const query = (fields: Record<string, string>) => new URLSearchParams(fields);
  const expected = { mode: 'subscribe', topic: TOPIC } as const;

  it('answers the challenge for the mode and topic we asked for, with the lease granted', () => {
    const answer = verifyHubChallenge(
      query({
        'hub.mode': 'subscribe',
        'hub.topic': TOPIC,
        'hub.challenge': 'c-123',
        'hub.lease_seconds': '432000',
      }),
      expected,
    );
    expect(answer).toEqual({
      ok: true,
      challenge: 'c-123',
      mode: 'subscribe',
      leaseSeconds: 432000,
    });
  });

  it('refuses another topic, another mode, a missing challenge, a bad lease, a denial', () => {
    const good = { 'hub.mode': 'subscribe', 'hub.topic': TOPIC, 'hub.challenge': 'c' };
    const cases: Record<string, string>[] = [
      { ...good, 'hub.topic': youtubeTopicUrl('UCsomeoneElse') },
      { ...good, 'hub.mode': 'unsubscribe' },
      { 'hub.mode': 'subscribe', 'hub.topic': TOPIC },
      { ...good, 'hub.lease_seconds': 'soon' },
      { 'hub.mode': 'denied', 'hub.topic': TOPIC, 'hub.reason': 'unknown topic' },
    ];
    for (const fields of cases) {
      expect(verifyHubChallenge(query(fields), expected), JSON.stringify(fields)).toEqual({
        ok: false,
        reason: expect.any(String),
      });
    }
    expect(verifyHubChallenge(query(cases[4]!), expected)).toMatchObject({
      reason: expect.stringContaining('unknown topic'),
    });
  });
});

describe('verifyHubSignature', () => {
  const secret = 'hub-secret';
  const body = Buffer.from('<feed xmlns="http://www.w3.org/2005/Atom"><title>é</title></feed>');
  const sign = (method: string, key = secret, data: Buffer | string = body) =>
    `${method}=${createHmac(method, key).update(data).digest('hex')}`;

  it('accepts a sha1 signature, the one Google’s hub sends (RFC 2202 vector included)', () => {
    expect(verifyHubSignature(body, sign('sha1'), secret)).toBe('valid');
    expect(
      verifyHubSignature(
        'what do ya want for nothing?',
        'sha1=effcdf6ae5eb2fa2d27416d5f184df9c259a7c79',
        'Jefe',
      ),
    ).toBe('valid');
  });

  it('accepts sha256, sha384 and sha512, in upper-case hex too, over a string body as well', () => {
    for (const method of ['sha256', 'sha384', 'sha512']) {
      expect(verifyHubSignature(body, sign(method), secret), method).toBe('valid');
    }
    expect(verifyHubSignature(body.toString(), sign('sha256').toUpperCase(), secret)).toBe('valid');
  });

  it('tells a missing signature from a bad one', () => {
    expect(verifyHubSignature(body, undefined, secret)).toBe('missing');
    expect(verifyHubSignature(body, '', secret)).toBe('missing');
  });

  it('refuses a wrong secret, a changed body, a truncated or odd signature, an unknown method', () => {
    const bad = [
      sign('sha1', 'other-secret'),
      sign('sha1', secret, Buffer.concat([body, Buffer.from(' ')])),
      sign('sha1').slice(0, -2),
      sign('sha1').slice(0, -1),
      sign('md5'),
      `sha1=${'z'.repeat(40)}`,
      'sha1',
      '=abcd',
      sign('sha256').replace('sha256', 'sha1'),
    ];
    for (const header of bad)
      expect(verifyHubSignature(body, header, secret), header).toBe('invalid');
  });
});
