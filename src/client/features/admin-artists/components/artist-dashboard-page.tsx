import { AdminPage } from '@client/components/admin/admin-page.js';
import { AllArtistsPanel } from './all-artists-panel.js';
import { FeaturedArtistsPanel } from './featured-artists-panel.js';
import './artist-dashboard.css';

/** /admin/artistDashboard: the featured artists' portraits, then every artist in a searchable table. */
export function ArtistDashboardPage() {
  return (
    <AdminPage title="Artists">
      <FeaturedArtistsPanel />
      <AllArtistsPanel />
    </AdminPage>
  );
}
