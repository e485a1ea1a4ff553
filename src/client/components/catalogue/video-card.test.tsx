import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildVideo } from '@client/testing/catalogue-builders.js';
import { renderPage } from '@client/testing/render.js';
import { publishedOn, VideoCard } from './video-card.js';

describe('a video card', () => {
  it('shows the episode, the date, the views and the likes under the title, all of it in the link name', () => {
    const video = {
      ...buildVideo(7, 'Ring of Fire'),
      episode_number: 12,
      published_at: '2024-03-05T23:30:00.000Z',
      like_count: 1,
    };
    renderPage(<VideoCard video={video} />);
    // Label in Name (WCAG 2.5.3): the name holds every word the card shows, in reading order.
    const link = screen.getByRole('link', {
      name: 'Ring of Fire Ep. 12 Mar 5, 2024 0 views 1 like',
    });
    expect(link).toHaveAttribute('href', '/videos/7');
    expect(link).not.toHaveAttribute('aria-labelledby');
    expect(link).not.toHaveAttribute('aria-label');
    expect(screen.getByText('Mar 5, 2024')).toHaveAttribute('datetime', video.published_at);
  });

  it('leaves out an episode number the video does not have, and counts likes in the plural', () => {
    const video = { ...buildVideo(8, 'Jolene'), episode_number: null, like_count: 2_431 };
    renderPage(<VideoCard video={video} />);
    expect(
      screen.getByRole('link', { name: 'Jolene Jan 1, 2024 0 views 2431 likes' }),
    ).toBeVisible();
    expect(screen.queryByText('Ep.')).not.toBeInTheDocument();
  });

  it('shows the view count, grouped, before the likes once the API sends one', () => {
    const video = { ...buildVideo(9, 'Crazy'), episode_number: null, like_count: 5 };
    renderPage(<VideoCard video={{ ...video, view_count: 12_345 }} />);
    expect(
      screen.getByRole('link', { name: 'Crazy Jan 1, 2024 12,345 views 5 likes' }),
    ).toBeVisible();
  });

  it('writes every month of the year as en-US would, in UTC, and nothing for a broken date', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    for (let month = 0; month < 12; month += 1) {
      for (const day of [1, 9, 28]) {
        const date = new Date(Date.UTC(2019 + month, month, day, 23, 59));
        expect(publishedOn(date.toISOString())).toBe(intl.format(date));
      }
    }
    expect(publishedOn('not a date')).toBeNull();
  });
});
