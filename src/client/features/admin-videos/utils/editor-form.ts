import { episodeNumberField, type UpdateVideoInput } from '@shared/schemas/admin-videos.js';
import type { Video } from '@shared/schemas/catalogue.js';

/** The editor's fields as typed. The episode number is text: '-1' means none. */
export interface EditorValues {
  link: string;
  title: string;
  episode: string;
  description: string;
  isPublic: boolean;
}

export type RequiredField = 'link' | 'title' | 'episode' | 'description';

/** In page order, so the first one found is the one to focus. */
const REQUIRED_FIELDS: readonly RequiredField[] = ['link', 'title', 'episode', 'description'];

export const NO_EPISODE = '-1';

/** The PUT body, with the numeric id the tag calls need as well. */
export type UpdateBody = Omit<UpdateVideoInput, 'id'> & { id: number };

export const EMPTY_VALUES: EditorValues = {
  link: '',
  title: '',
  episode: '',
  description: '',
  isPublic: false,
};

export function valuesFromVideo(video: Video): EditorValues {
  return {
    link: video.youtube_url,
    title: video.title,
    episode: video.epnum === null ? NO_EPISODE : String(video.epnum),
    description: video.description,
    isPublic: video.public_state,
  };
}

/** Video publish: these must not be empty (an episode number of -1 is filled). */
export function missingFields(values: EditorValues): RequiredField[] {
  return REQUIRED_FIELDS.filter((field) => values[field].trim() === '');
}

/** The API's own rule for the episode number, so the form never sends what the server refuses. */
export function episodeError(episode: string): string | undefined {
  const result = episodeNumberField.safeParse(episode);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** PUT /api/admin/videos: privacy as '1'/'0' and a missing episode number as '-1'. */
export function updateBody(id: number, values: EditorValues): UpdateBody {
  const episode = values.episode.trim();
  return {
    id,
    title: values.title.trim(),
    description: values.description.trim(),
    episode_number: episode === '' ? NO_EPISODE : episode,
    public_state: values.isPublic ? '1' : '0',
  };
}
