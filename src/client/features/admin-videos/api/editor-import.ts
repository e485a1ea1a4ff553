import type { Video } from '@shared/schemas/catalogue.js';
import { apiGet } from '@client/lib/api-client.js';

/**
 * GET /api/admin/videos/import?link=: imports one video (201 with it). A 401 here may be YouTube
 * refusing the server's credentials; apiCall keeps the admin signed in then (no Bearer challenge).
 */
export async function importVideo(link: string): Promise<Video> {
  return apiGet<Video>(`/admin/videos/import?link=${encodeURIComponent(link)}`);
}
