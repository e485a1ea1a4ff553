import { describe, expect, it } from 'vitest';
import { PushFeedError, parseYoutubeNotification } from './youtube-push-feed.js';

// The documented notification, as Google's hub sends it.
const UPLOAD = `<?xml version='1.0' encoding='UTF-8'?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns="http://www.w3.org/2005/Atom">
  <link rel="hub" href="https://pubsubhubbub.appspot.com"/>
  <link rel="self" href="https://www.youtube.com/xml/feeds/videos.xml?channel_id=UCchannel000000000000001"/>
  <title>YouTube video feed</title>
  <updated>2015-04-01T19:05:24.552394234+00:00</updated>
  <entry>
    <id>yt:video:0123456789a</id>
    <yt:videoId>0123456789a</yt:videoId>
    <yt:channelId>UCchannel000000000000001</yt:channelId>
    <title>Ep. 12 – Porch &amp; Fiddle</title>
    <link rel="alternate" href="http://www.youtube.com/watch?v=0123456789a"/>
    <author>
     <name>The Twang Show</name>
     <uri>http://www.youtube.com/channel/UCchannel000000000000001</uri>
    </author>
    <published>2015-03-06T21:40:57+00:00</published>
    <updated>2015-03-09T19:05:24.552394234+00:00</updated>
  </entry>
</feed>`;

const DELETION = `<?xml version='1.0' encoding='UTF-8'?>
<feed xmlns:at="http://purl.org/atompub/tombstones/1.0" xmlns="http://www.w3.org/2005/Atom">
  <at:deleted-entry ref="yt:video:0123456789a" when="2015-03-09T19:05:24.552394234+00:00">
    <link href="https://www.youtube.com/watch?v=0123456789a"/>
    <at:by>
     <name>The Twang Show</name>
     <uri>https://www.youtube.com/channel/UCchannel000000000000001</uri>
    </at:by>
  </at:deleted-entry>
</feed>`;

describe('parseYoutubeNotification', () => {
  it('reads an upload: video, channel, title with its entities decoded, dates', () => {
    expect(parseYoutubeNotification(UPLOAD)).toEqual({
      added: [
        {
          videoId: '0123456789a',
          channelId: 'UCchannel000000000000001',
          title: 'Ep. 12 – Porch & Fiddle',
          publishedAt: new Date('2015-03-06T21:40:57Z'),
          updatedAt: new Date('2015-03-09T19:05:24.552Z'),
        },
      ],
      deleted: [],
    });
  });

  it('reads a deletion tombstone, with the channel from its author', () => {
    expect(parseYoutubeNotification(Buffer.from(DELETION))).toEqual({
      added: [],
      deleted: [
        {
          videoId: '0123456789a',
          channelId: 'UCchannel000000000000001',
          deletedAt: new Date('2015-03-09T19:05:24.552Z'),
        },
      ],
    });
  });

  it('keeps ids of digits as strings and reads several entries under any prefix', () => {
    const feed = `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:y="http://www.youtube.com/xml/schemas/2015">
      <entry><y:videoId>12345678901</y:videoId><y:channelId>UC1</y:channelId></entry>
      <entry><y:videoId>abcdefghijk</y:videoId><y:channelId>UC2</y:channelId><title>B</title></entry>
      <entry><title>No video here</title></entry>
    </feed>`;
    const { added } = parseYoutubeNotification(feed);
    expect(added.map((video) => [video.videoId, video.channelId, video.title])).toEqual([
      ['12345678901', 'UC1', null],
      ['abcdefghijk', 'UC2', 'B'],
    ]);
  });

  it('answers nothing for an empty feed, and skips a tombstone that names no video', () => {
    expect(parseYoutubeNotification('<feed xmlns="http://www.w3.org/2005/Atom"/>')).toEqual({
      added: [],
      deleted: [],
    });
    const odd = '<feed><at:deleted-entry xmlns:at="x" ref="tag:other,2020:1"/></feed>';
    expect(parseYoutubeNotification(odd).deleted).toEqual([]);
  });

  it('refuses a body that is not Atom: JSON, HTML, an RSS feed, broken XML, a DTD', () => {
    const bodies = [
      '{"videoId":"x"}',
      '',
      '<html><body>hi</body></html>',
      '<rss version="2.0"><channel><item/></channel></rss>',
      '<feed><entry><yt:videoId>x</entry></feed>',
      '<!DOCTYPE feed [<!ENTITY a "aaaa">]><feed><title>&a;</title></feed>',
    ];
    for (const body of bodies) {
      expect(() => parseYoutubeNotification(body), body).toThrow(PushFeedError);
    }
  });
});
