import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoPageData } from '@shared/schemas/public-catalogue.js';
import { apiGet } from '@client/lib/api-client.js';
import { pageReads } from '@shared/public-pages.js';
import { useSession } from '@client/lib/session.js';

/** GET /api/videos/{id}: the video and its suggestions. apiGet sends the token when signed in. */
export function getVideo(id: string, signal?: AbortSignal): Promise<VideoPageData> {
  return apiGet<VideoPageData>(pageReads.video(id), signal);
}

/**
 * The viewer is part of the key because `isLiked` depends on who asks: signing in or out
 * refetches. Meanwhile the same video stays on screen instead of a loading view.
 */
export function videoQuery(id: string, viewerId: number | null) {
  return queryOptions({
    queryKey: ['videos', id, { viewer: viewerId }],
    queryFn: ({ signal }) => getVideo(id, signal),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === id ? previous : undefined,
  });
}

export function useVideo(id: string) {
  const viewerId = useSession()?.id ?? null;
  return useQuery(videoQuery(id, viewerId));
}
