import { describe, expect, it } from 'vitest';
import { validationMessages as m } from '@shared/messages/validation.js';
import { buildVideo } from '@client/testing/catalogue-builders.js';
import { EMPTY_VALUES, requireLinkAndEpisode, updateBody, valuesFromVideo } from './editor-form.js';

const filled = {
  link: 'https://youtu.be/dQw4w9WgXcQ',
  title: 'A title',
  episode: '-1',
  description: 'Words',
  isPublic: true,
  publishAt: '',
};

describe('the video form rules', () => {
  it('the link and the episode number must not be empty either (-1 is filled)', () => {
    const kept = { title: m.videoFillAll };
    expect(requireLinkAndEpisode(EMPTY_VALUES, kept)).toEqual({
      title: m.videoFillAll,
      link: m.videoFillAll,
      episode: m.videoFillAll,
    });
    expect(requireLinkAndEpisode({ ...filled, link: '  ' }, {})).toEqual({ link: m.videoFillAll });
    expect(requireLinkAndEpisode(filled, {})).toEqual({});
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
      publishAt: '',
    });
  });

  it("sends a Private video's changed publish time, typed in local time, as UTC; none when unchanged or Public", () => {
    const local = '2026-12-04T19:00';
    const body = updateBody(7, { ...filled, isPublic: false, publishAt: local });
    expect(body.publish_at).toBe(new Date(2026, 11, 4, 19, 0).toISOString());
    // Cleared: null; kept as saved: not sent, so its seconds and a due time stay the server's.
    const cleared = updateBody(7, { ...filled, isPublic: false, publishAt: '' }, local);
    expect(cleared).toHaveProperty('publish_at', null);
    const kept = updateBody(7, { ...filled, isPublic: false, publishAt: local }, local);
    expect(kept).not.toHaveProperty('publish_at');
    expect(updateBody(7, { ...filled, isPublic: true, publishAt: local })).not.toHaveProperty(
      'publish_at',
    );
  });

  it("reads a scheduled video's time into the field in local time, to the minute", () => {
    const at = new Date(2026, 11, 4, 19, 30);
    const video = { ...buildVideo(4, 'Soon'), public_state: false, publish_at: at.toISOString() };
    expect(valuesFromVideo(video)).toMatchObject({
      isPublic: false,
      publishAt: '2026-12-04T19:30',
    });
  });
});
