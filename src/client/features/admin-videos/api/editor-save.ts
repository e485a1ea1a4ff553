import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tag, Video } from '@shared/schemas/catalogue.js';
import { apiCall } from '@client/lib/api-client.js';
import type { UpdateBody } from '../utils/editor-form.js';
import { tagsAfterSave, type TagChanges } from '../utils/editor-tag-changes.js';

export interface SaveInput {
  body: UpdateBody;
  tags: TagChanges;
}

export interface SaveResult {
  video: Video;
  /** The video's tags now, every change applied. */
  tags: Tag[];
}

/**
 * Publish: the fields (PUT /api/admin/videos), then the three tag lists: POST /api/tags per new
 * name, PUT /api/tags for existing tags to add, DELETE /api/tags for saved tags to remove. Every
 * step is safe to repeat, so after a failure Publish can simply be pressed again.
 */
export async function saveVideo({ body, tags }: SaveInput): Promise<SaveResult> {
  const { data: video } = await apiCall<Video>('PUT', '/admin/videos', { body });
  const epid = String(body.id);
  const created: Tag[] = [];
  for (const name of tags.create) {
    const { data } = await apiCall<{ tag: Tag }>('POST', '/tags', { body: { id: epid, name } });
    created.push(data.tag);
  }
  if (tags.add.length > 0) {
    await apiCall('PUT', '/tags', { body: { epid, tagid: tags.add.map((tag) => tag.id) } });
  }
  if (tags.remove.length > 0) {
    await apiCall('DELETE', '/tags', { body: { epid, tagid: tags.remove.map((tag) => tag.id) } });
  }
  return { video, tags: tagsAfterSave(tags, created) };
}

export function useSaveVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVideo,
    // Lists, pages and the tag autocomplete of every screen may show the old video or tags. Not
    // awaited: the message need not wait for those refetches.
    onSettled: () => {
      void queryClient.invalidateQueries();
    },
  });
}
