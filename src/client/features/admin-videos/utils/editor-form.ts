import { adminEditorUiMessages } from '@shared/messages/admin-editor-ui.js';
import { adminVideosMessages } from '@shared/messages/admin-videos.js';
import { validationMessages as m } from '@shared/messages/validation.js';
import { updateVideoBody, type UpdateVideoInput } from '@shared/schemas/admin-videos.js';
import type { Video } from '@shared/schemas/catalogue.js';
import type { FieldErrors } from '@client/lib/field-errors.js';
import { localInputValue, publishAtOfInput } from './publish-time.js';

/** The editor's fields as typed. The episode number is text: '-1' means none. */
export interface EditorValues {
  link: string;
  title: string;
  episode: string;
  description: string;
  isPublic: boolean;
  /** A Private video's publish time in the browser's zone (publish-time.ts); '' for none. */
  publishAt: string;
}

export const NO_EPISODE = '-1';

/** The PUT body, with the numeric id the tag calls need as well. */
export type UpdateBody = Omit<UpdateVideoInput, 'id'> & { id: number };

export const EMPTY_VALUES: EditorValues = {
  link: '',
  title: '',
  episode: '',
  description: '',
  isPublic: false,
  publishAt: '',
};

export function valuesFromVideo(video: Video): EditorValues {
  return {
    link: video.youtube_url,
    title: video.title,
    episode: video.epnum === null ? NO_EPISODE : String(video.epnum),
    description: video.description,
    isPublic: video.public_state,
    publishAt: localInputValue(video.publish_at),
  };
}

/** Video publish: the link and the episode number must be filled as well (-1 is filled). */
export function requireLinkAndEpisode(
  values: EditorValues,
  errors: FieldErrors<keyof EditorValues>,
): FieldErrors<keyof EditorValues> {
  const found = { ...errors };
  if (values.link.trim() === '') found.link = m.videoFillAll;
  if (values.episode.trim() === '') found.episode = m.videoFillAll;
  return found;
}

/**
 * PUT /api/admin/videos: privacy as '1'/'0', a missing episode number as '-1', and the publish
 * time in UTC, only when it was changed from `savedPublishAt` (the field as last saved): the field
 * holds whole minutes, and sent again unchanged a time would be cut to its minute, or refused as
 * past in its last minute. A video saved Public sends none (publishing clears it).
 */
export function updateBody(id: number, values: EditorValues, savedPublishAt = ''): UpdateBody {
  const episode = values.episode.trim();
  const changedTime = !values.isPublic && values.publishAt !== savedPublishAt;
  return {
    id,
    title: values.title.trim(),
    description: values.description.trim(),
    episode_number: episode === '' ? NO_EPISODE : episode,
    public_state: values.isPublic ? '1' : '0',
    ...(changedTime ? { publish_at: publishAtOfInput(values.publishAt) } : {}),
  };
}

/**
 * The editor's checks: the API's own rules for the fields it saves (title, description, episode
 * number), and the spec's 'fill all' for the link and the episode number. Its 'fill all' marks the
 * fields and shows once, in the page's message.
 */
export const EDITOR_RULES = {
  schema: updateVideoBody,
  // The id is the video's, not the typing's: the API checks it.
  body: (values: EditorValues) => updateBody(0, values),
  rename: { episode_number: 'episode', publish_at: 'publishAt' },
  refine: requireLinkAndEpisode,
  // The API's '-1 for none' is the "No episode number" box here.
  texts: { [adminVideosMessages.episodeNumberInvalid]: adminEditorUiMessages.episodeNumberInvalid },
  formTexts: [m.videoFillAll],
} as const;
