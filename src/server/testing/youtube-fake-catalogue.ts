import { createHash } from 'node:crypto';

/** One video as the fake YouTube knows it. */
export interface FakeYoutubeVideo {
  id: string;
  title: string;
  description: string;
  /** ISO 8601, as the Data API sends snippet.publishedAt. */
  publishedAt: string;
  privacyStatus: 'public' | 'unlisted' | 'private';
  durationSeconds: number;
  /** A premiere's start (ISO 8601): videos.list then answers liveStreamingDetails. */
  scheduledStartTime?: string;
}

export const FAKE_CHANNEL_ID = 'UCtwangShowCountry000001';
export const FAKE_CHANNEL_TITLE = 'The Twang Show';
/** YouTube names a channel's uploads playlist after the channel: UC… becomes UU…. */
export function uploadsPlaylistIdOf(channelId: string): string {
  return `UU${channelId.slice(2)}`;
}
export const FAKE_UPLOADS_PLAYLIST_ID = uploadsPlaylistIdOf(FAKE_CHANNEL_ID);
export const FAKE_UPLOAD_COUNT = 120;

const ARTISTS = [
  'Wade Hollister',
  'June Caldwell',
  'The Dusty Road Ramblers',
  'Loretta McCrae',
  'Colt Bramlett',
  'Tammy Whitaker & the Pines',
  'Boone Tolliver',
  'Emmylou Ashby',
  'Hank Pruitt',
  'Sierra Langford',
  'Jolene Delaney',
  'Rhett Harlan Band',
  'Maybelle Sutter',
  'Travis Kincaid',
  'Opal Ransom',
];

const SONGS = [
  'Whiskey River Blues',
  'Gravel Road Home',
  'Neon Honky-Tonk',
  'Porch Light Waltz',
  'Tumbleweed Heart',
  'Cornfield Serenade',
  'Midnight at the Opry',
  'Dust on the Dashboard',
  'Red Dirt Lullaby',
  'Last Call in Laredo',
  'Steel Guitar Sunday',
  'Blue Ridge Rain',
  'Boots by the Door',
  'Silver Spur Saloon',
  'Hometown Radio',
];

/** A stable 11-character id, so every run of the fake serves the same catalogue. */
export function fakeYoutubeId(seed: string): string {
  return createHash('sha256').update(seed).digest('base64url').slice(0, 11);
}

/** Titles use the three ways the show numbers its episodes, and some carry no number at all. */
function titleFor(episode: number, artist: string, song: string): string {
  switch (episode % 8) {
    case 1:
      return `Ep. ${episode} – ${artist} plays "${song}"`;
    case 2:
      return `${artist} – ${song} (Live) #${episode}`;
    case 3:
      return `Behind the Scenes with ${artist}`;
    default:
      return `Twang Sessions Episode ${episode}: ${artist} – ${song}`;
  }
}

/**
 * The channel's uploads, newest first (the order of an uploads playlist). Weekly episodes from
 * January 2022; every 25th is unlisted and every 60th private, so both privacy paths are exercised.
 */
export function fakeChannelUploads(count = FAKE_UPLOAD_COUNT): FakeYoutubeVideo[] {
  const first = Date.UTC(2022, 0, 7, 17, 0, 0);
  const videos: FakeYoutubeVideo[] = [];
  for (let episode = 1; episode <= count; episode++) {
    const artist = ARTISTS[episode % ARTISTS.length]!;
    const song = SONGS[(episode * 7) % SONGS.length]!;
    videos.push({
      id: fakeYoutubeId(`twang-upload-${episode}`),
      title: titleFor(episode, artist, song),
      description: `${artist} joins the show for "${song}". Recorded live in Nashville.`,
      publishedAt: new Date(first + (episode - 1) * 7 * 24 * 60 * 60 * 1000).toISOString(),
      privacyStatus: episode % 60 === 0 ? 'private' : episode % 25 === 0 ? 'unlisted' : 'public',
      durationSeconds: 180 + ((episode * 37) % 420),
    });
  }
  return videos.reverse();
}

/** A video outside the channel, for single imports: any public video can be imported by link. */
export function fakeVideo(overrides: Partial<FakeYoutubeVideo> = {}): FakeYoutubeVideo {
  const id = overrides.id ?? fakeYoutubeId(`twang-extra-${Math.random()}`);
  return {
    id,
    title: 'Porch Sessions Episode 7: Ivy Keller – Front Porch Fiddle',
    description: 'A fiddle tune on the porch.',
    publishedAt: '2021-06-04T15:30:00Z',
    privacyStatus: 'public',
    durationSeconds: 245,
    ...overrides,
  };
}
