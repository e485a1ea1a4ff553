import type { Video } from '../../../../shared/schemas/catalogue.js';

/** Test builders: a video in the API's shapes. */
export function buildVideo(id: number, title: string): Video {
  return {
    id,
    epid: id,
    title,
    description: '',
    thumbnail: `/media/video/${id}.svg`,
    youtube_id: 'abcdefghijk',
    youtube_url: 'https://www.youtube.com/watch?v=abcdefghijk',
    link: 'https://www.youtube.com/watch?v=abcdefghijk',
    episode_number: id,
    epnum: id,
    public_state: true,
    published_at: '2024-01-01T00:00:00.000Z',
    like_count: 0,
    tags: [],
  };
}
