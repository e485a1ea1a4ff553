import { describe, expect, it } from 'vitest';
import { videoSchema } from '@shared/schemas/catalogue.js';
import { buildTag, buildVideo } from '@server/testing/factories.js';
import { useTestApp } from '@server/testing/use-test-app.js';
import { toVideo } from './video-json.js';
import { presentVideos } from './video-presenter.js';

const { t } = useTestApp();

/** The schema with no field to spare: the database writes the shape, so it must write all of it. */
const exactVideo = videoSchema.strict();

describe('the video shape, written by the database (videoJson)', () => {
  it('is the schema’s, field for field, for any kind of video', async () => {
    const [rock, blues] = [await buildTag(t.db, 'Rock'), await buildTag(t.db, 'Blues')];
    const videos = [
      await buildVideo(t.db, { tagIds: [rock.id, blues.id], episodeNumber: 12 }),
      await buildVideo(t.db, { episodeNumber: null, isPublic: false }),
      await buildVideo(t.db, { thumbnail: 'https://i.example.com/own.jpg' }),
    ];
    const presented = await presentVideos(t.db, videos, null);
    expect(presented.map((video) => exactVideo.parse(video))).toEqual(presented);
    const [tagged, numberless, own] = presented;
    expect(tagged).toMatchObject({
      id: videos[0]!.id,
      epid: videos[0]!.id,
      episode_number: 12,
      epnum: 12,
      public_state: true,
      youtube_url: `https://www.youtube.com/watch?v=${videos[0]!.youtubeId}`,
      link: `https://www.youtube.com/watch?v=${videos[0]!.youtubeId}`,
      published_at: videos[0]!.publishedAt.toISOString(),
      publish_at: null,
      // By name.
      tags: [
        { id: blues.id, name: 'Blues' },
        { id: rock.id, name: 'Rock' },
      ],
    });
    expect(numberless).toMatchObject({ episode_number: null, epnum: null, public_state: false });
    expect(own!.thumbnail).toBe('https://i.example.com/own.jpg');
    // A row in hand gives the same, from the same field list.
    expect(toVideo(videos[0]!, tagged!.tags)).toEqual(tagged);
    expect(toVideo(videos[1]!, [])).toEqual(numberless);
  });

  it('has the YouTube picture when a video has no thumbnail of its own', async () => {
    const video = await buildVideo(t.db, { thumbnail: '', youtubeId: 'abcdefghijk' });
    const [presented] = await presentVideos(t.db, [video], null);
    expect(presented!.thumbnail).toBe('https://i.ytimg.com/vi/abcdefghijk/hqdefault.jpg');
  });

  it('keeps the order asked for, and leaves out a deleted video', async () => {
    const [a, b] = [await buildVideo(t.db), await buildVideo(t.db)];
    const presented = await presentVideos(t.db, [b, { id: 999_999 }, a], null);
    expect(presented.map((video) => video.id)).toEqual([b.id, a.id]);
  });
});
