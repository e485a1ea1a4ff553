import type { Artist, Video } from '@shared/schemas/catalogue.js';

/** Test builders: an artist and a video in the API's shapes. */
export function buildArtist(id: number, name: string, overrides: Partial<Artist> = {}): Artist {
  return {
    id,
    artistid: id,
    name,
    description: `${name} sings about back roads.`,
    image: `/media/artist/${id}.svg`,
    img_path: `/media/artist/${id}.svg`,
    featured: 0,
    tagid: 100 + id,
    like_count: 0,
    ...overrides,
  };
}

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
    publish_at: null,
    like_count: 0,
    view_count: 0,
    tags: [],
  };
}

/**
 * A video as the pages show one, each of its own: an 11-character YouTube id from its number
 * (`yt-00000005`), a description, episode n.
 */
export function buildEpisode(id: number, overrides: Partial<Video> = {}): Video {
  const youtubeId = `yt-${String(id).padStart(8, '0')}`;
  return {
    ...buildVideo(id, `Episode ${id}`),
    description: `The story of episode ${id}.`,
    thumbnail: `/media/demo/video/${id}.svg`,
    youtube_id: youtubeId,
    youtube_url: `https://www.youtube.com/watch?v=${youtubeId}`,
    link: `https://www.youtube.com/watch?v=${youtubeId}`,
    ...overrides,
  };
}

/**
 * A video card link's accessible name, for getByRole: the card is named by all of its text, the
 * title first and its details after (episode, date, likes).
 */
export function cardName(title: string): RegExp {
  const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped} .*[\\d,]+ likes?$`);
}
