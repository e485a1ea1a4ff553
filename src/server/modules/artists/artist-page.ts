import { apiMessages } from '@shared/messages/api.js';
import type { ArtistDetailData } from '@shared/schemas/artists.js';
import { artistDependency, type PublicPage, videoDependency } from '../public-pages/public-page.js';
import { findArtistPageJson } from './artist-page-query.js';
import { findLikedArtistIds, findLikedVideoIds } from '../likes/liked-ids-repository.js';
import { markLikedArtists, markLikedVideos } from '../likes/liked-marks.js';

function withLikes(
  data: ArtistDetailData,
  liked: { artists: ReadonlySet<number>; videos: ReadonlySet<number> },
): ArtistDetailData {
  return {
    artist: markLikedArtists([data.artist], liked.artists)[0]!,
    videos: markLikedVideos(data.videos, liked.videos),
    tagid: data.tagid,
  };
}

/** The artist page (GET /api/artists/{id}, signed-in users): the artist and their newest videos. */
export const artistPage: PublicPage<{ id: number }, ArtistDetailData> = {
  key: ({ id }) => `artists/${id}`,
  build: async ({ db }, { id }) => {
    const found = await findArtistPageJson(db, id, { includePrivate: false });
    return (
      found && {
        json: found.json,
        dependsOn: [artistDependency(id), ...found.videoIds.map(videoDependency)],
      }
    );
  },
  buildForAdmin: async ({ db }, { id }, adminId) => {
    const found = await findArtistPageJson(db, id, { includePrivate: true });
    if (!found) return null;
    const [artists, videos] = await Promise.all([
      findLikedArtistIds(db, adminId, [id]),
      findLikedVideoIds(db, adminId, found.videoIds),
    ]);
    return withLikes(JSON.parse(found.json) as ArtistDetailData, { artists, videos });
  },
  shown: (data) => ({
    artists: [data.artist.id],
    videos: data.videos.map((video) => video.id),
  }),
  withLikes,
  message: 'OK',
  notFoundMessage: apiMessages.artistNotFound,
};
