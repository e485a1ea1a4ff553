import { describe, expect, it, vi } from 'vitest';
import { buildVideo, callApi } from '@server/testing/factories.js';
import { useTestApp } from '@server/testing/use-test-app.js';
import * as repository from './suggestions-repository.js';

// Each look for queued videos counted, the query itself still run.
vi.mock('./suggestions-repository.js', async (original) => {
  const actual = await original<typeof repository>();
  return { ...actual, hasQueuedSuggestions: vi.fn(actual.hasQueuedSuggestions) };
});

const { t, admin, fan } = useTestApp({ signIn: { admin: 'admin', fan: 'user' } });

const looks = () => vi.mocked(repository.hasQueuedSuggestions).mock.calls.length;

/** Waits for the refresher's look (it runs after the answer has left). */
async function settled() {
  await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('the suggestions refresher after a write', () => {
  it('does not look for queued videos after playback reports, and does after a catalogue edit', async () => {
    const video = await buildVideo(t.db, { title: 'Fiddle Creek Reel' });
    await settled();
    const before = looks();
    for (let step = 1; step <= 20; step++) {
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/videos/${video.id}/progress`,
        headers: { authorization: `Bearer ${fan.token}` },
        payload: { position: step * 12, duration: 600, played: 12, total_played: step * 12 },
      });
      expect(sent.statusCode).toBe(202);
    }
    await settled();
    // The refresher's own timer may look once in the meantime; twenty reports would look ~20 times.
    const afterReports = looks();
    expect(afterReports - before).toBeLessThanOrEqual(1);

    const edited = await callApi(t.app, 'PUT', '/api/admin/videos', {
      token: admin.token,
      body: {
        id: String(video.id),
        title: 'Fiddle Creek Breakdown',
        description: video.description,
        episode_number: '',
        public_state: '1',
      },
    });
    expect(edited.statusCode).toBe(200);
    await settled();
    expect(looks()).toBeGreaterThan(afterReports);
  });
});
