import type { Account } from '@shared/schemas/people.js';
import { youtubeWatchUrl, type Artist, type Tag, type Video } from '@shared/schemas/catalogue.js';

/**
 * The objects the OpenAPI document's examples are made of (lib/route-schema.ts): one artist, her
 * videos and one fan, so that every call's example shows the same catalogue and ids that agree
 * from one call to the next. Typed by the API's shapes, so a changed shape fails the build here.
 */

export const exampleArtistTag: Tag = { id: 31, name: 'June Calloway' };
export const exampleTags: Tag[] = [exampleArtistTag, { id: 5, name: 'Live Performances' }];

export const exampleArtist: Artist = {
  id: 12,
  artistid: 12,
  name: 'June Calloway',
  description:
    'Singer-songwriter from the hills above Muscle Shoals, raised on gospel and steel guitar.',
  image: '/media/demo/artist/12.svg',
  img_path: '/media/demo/artist/12.svg',
  featured: 1,
  tagid: exampleArtistTag.id,
  like_count: 54,
};

export const secondArtist: Artist = {
  id: 17,
  artistid: 17,
  name: 'Boone Hollister',
  description: 'Honky-tonk baritone and a fixture of the Friday late show.',
  image: '/media/demo/artist/17.svg',
  img_path: '/media/demo/artist/17.svg',
  featured: 0,
  tagid: 36,
  like_count: 21,
};

/** A public video of that id and YouTube id, with the given fields. */
export function videoOf(id: number, youtubeId: string, fields: Partial<Video>): Video {
  const url = youtubeWatchUrl(youtubeId);
  return {
    id,
    epid: id,
    title: '',
    description: '',
    thumbnail: `https://i.ytimg.com/vi/${youtubeId}/hqdefault.jpg`,
    youtube_id: youtubeId,
    youtube_url: url,
    link: url,
    episode_number: null,
    epnum: null,
    public_state: true,
    published_at: '2025-03-14T18:00:00.000Z',
    publish_at: null,
    like_count: 0,
    view_count: 0,
    tags: [],
    ...fields,
  };
}

export const exampleVideo: Video = videoOf(88, 'Jx8gQ2nR7kM', {
  title: 'June Calloway – Gravel Road Home (Live)',
  description: 'June Calloway plays the title song of her new record with the house band.',
  episode_number: 88,
  epnum: 88,
  like_count: 128,
  view_count: 12_345,
  tags: exampleTags,
});

export const secondVideo: Video = videoOf(87, 'pL3vW9cT1aQ', {
  title: 'Boone Hollister – Neon on the Levee',
  description: 'A honky-tonk two-step from the Friday late show.',
  episode_number: 87,
  epnum: 87,
  published_at: '2025-03-07T18:00:00.000Z',
  like_count: 96,
  view_count: 4_210,
  tags: [{ id: 36, name: 'Boone Hollister' }],
});

/** The fan whose account, likes and session the examples show. */
export const exampleAccount: Account = {
  id: 42,
  first_name: 'Loretta',
  last_name: 'Webb',
  email: 'loretta@example.com',
  newsletter: 1,
  zipcode: '37201',
  birthday: '1990-04-14',
  isAdmin: false,
};
