import { describe, expect, it } from 'vitest';
import { adminVideosMessages } from '@shared/messages/admin-videos.js';
import { buildVideo } from '@client/testing/catalogue-builders.js';
import {
  EMPTY_VALUES,
  episodeError,
  missingFields,
  updateBody,
  valuesFromVideo,
} from './editor-form.js';

const filled = {
  link: 'https://youtu.be/dQw4w9WgXcQ',
  title: 'A title',
  episode: '-1',
  description: 'Words',
  isPublic: true,
};

describe('the video form rules', () => {
  it('title, link, episode number and description must not be empty', () => {
    expect(missingFields(EMPTY_VALUES)).toEqual(['link', 'title', 'episode', 'description']);
    expect(missingFields({ ...filled, title: '   ' })).toEqual(['title']);
    // -1 (no episode number) is a filled field.
    expect(missingFields(filled)).toEqual([]);
  });

  it('accepts whole numbers and -1 as episode numbers, as the API does', () => {
    expect(episodeError('12')).toBeUndefined();
    expect(episodeError(' -1 ')).toBeUndefined();
    expect(episodeError('0')).toBeUndefined();
    for (const wrong of ['abc', '1.5', '-2']) {
      expect(episodeError(wrong)).toBe(adminVideosMessages.episodeNumberInvalid);
    }
  });

  it("sends privacy as '1'/'0' and a missing episode number as '-1'", () => {
    expect(updateBody(7, { ...filled, title: ' T ', episode: '' })).toEqual({
      id: 7,
      title: 'T',
      description: 'Words',
      episode_number: '-1',
      public_state: '1',
    });
    expect(updateBody(7, { ...filled, episode: '12', isPublic: false })).toMatchObject({
      episode_number: '12',
      public_state: '0',
    });
  });

  it('reads a video into the form, with -1 for no episode number', () => {
    const video = { ...buildVideo(4, 'Hello'), epnum: null, episode_number: null };
    expect(valuesFromVideo(video)).toEqual({
      link: video.youtube_url,
      title: 'Hello',
      episode: '-1',
      description: '',
      isPublic: true,
    });
  });
});
