import { AdminPage } from '@client/components/admin/admin-page.js';
import { AllVideosPanel } from './all-videos-panel.js';
import { FeaturedVideoPanel } from './featured-video-panel.js';
import { LayoutPanel } from './layout-panel.js';
import './videos-page.css';

/** /admin/videos: the home layout, the featured video and the catalogue. */
export function AdminVideosPage() {
  return (
    <AdminPage title="Videos">
      <div className="admin-grid videos-page__top">
        <LayoutPanel />
        <FeaturedVideoPanel />
      </div>
      <AllVideosPanel />
    </AdminPage>
  );
}
