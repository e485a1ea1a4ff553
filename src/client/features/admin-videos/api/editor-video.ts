import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoPageData } from '@shared/schemas/public-catalogue.js';
import { apiGet } from '@client/lib/api-client.js';
import { pageReads } from '@shared/public-pages.js';

/** The video being edited; GET /api/videos/{id} shows administrators private videos too. */
export const editorVideoQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin-editor', 'video', id],
    queryFn: async ({ signal }) => (await apiGet<VideoPageData>(pageReads.video(id), signal)).video,
    // Just imported (the cache holds the answer) or just opened: no need to ask again at once.
    staleTime: 10_000,
  });

export const useEditorVideo = (id: string) => useQuery(editorVideoQuery(id));
