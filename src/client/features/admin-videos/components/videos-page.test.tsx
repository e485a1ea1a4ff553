import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderVideosPage } from '../testing/videos-page-render.js';

describe('/admin/videos', () => {
  it('has the three panels under the Videos heading', async () => {
    renderVideosPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Videos' })).toBeInTheDocument();
    for (const name of ['Layout', 'Featured Video', 'All Videos']) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
    expect(await screen.findByRole('button', { name: 'Move Bluegrass' })).toBeInTheDocument();
  });
});
