import type { APIRequestContext } from '@playwright/test';
import { adminCall, adminSession } from './admin.js';

/** One back-office screen the cross-cutting checks (accessibility, screenshots) visit. */
export interface AdminScreen {
  /** A file-name-safe label. */
  name: string;
  path: (ids: { videoId: number; artistId: number }) => string;
  /** The login is the one admin screen seen signed out. */
  signedIn: boolean;
}

/** Every admin route the product defines, the channels' sync, the audit log and analytics. */
export const ADMIN_SCREENS: readonly AdminScreen[] = [
  { name: 'admin-login', path: () => '/admin', signedIn: false },
  { name: 'admin-dashboard', path: () => '/admin/dashboard', signedIn: true },
  { name: 'admin-videos', path: () => '/admin/videos', signedIn: true },
  { name: 'admin-new-video', path: () => '/admin/newVideo', signedIn: true },
  { name: 'admin-edit-video', path: (ids) => `/admin/editVideo/${ids.videoId}`, signedIn: true },
  { name: 'admin-artists', path: () => '/admin/artistDashboard', signedIn: true },
  { name: 'admin-new-artist', path: () => '/admin/newArtist', signedIn: true },
  {
    name: 'admin-edit-artist',
    path: (ids) => `/admin/editArtist/${ids.artistId}`,
    signedIn: true,
  },
  { name: 'admin-users', path: () => '/admin/userDashboard', signedIn: true },
  { name: 'admin-own-account', path: () => '/admin/ownAccount', signedIn: true },
  { name: 'admin-new-admin', path: () => '/admin/newAdmin', signedIn: true },
  { name: 'admin-channels', path: () => '/admin/channels', signedIn: true },
  { name: 'admin-newsletter', path: () => '/admin/newsletter', signedIn: true },
  { name: 'admin-audit', path: () => '/admin/audit', signedIn: true },
  { name: 'admin-analytics', path: () => '/admin/analytics', signedIn: true },
  {
    name: 'admin-episode-analytics',
    path: (ids) => `/admin/analytics/videos/${ids.videoId}`,
    signedIn: true,
  },
];

let ids: Promise<{ videoId: number; artistId: number }> | null = null;

/** The most-liked video and artist of the demo catalogue, read once. */
export async function adminScreenPath(
  request: APIRequestContext,
  screen: AdminScreen,
): Promise<string> {
  ids ??= (async () => {
    const session = await adminSession(request);
    const { data } = await adminCall<{ episodes: { id: number }[]; artists: { id: number }[] }>(
      request,
      session,
      'GET',
      '/admin/dashboard',
    );
    return { videoId: data.episodes[0]!.id, artistId: data.artists[0]!.id };
  })();
  return screen.path(await ids);
}
