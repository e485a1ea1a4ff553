import type { APIRequestContext, Page } from '@playwright/test';
import { adminCall, adminSession, type AdminSession } from './admin.js';
import { siteAxe } from './axe.js';
import { expect, stubYoutubeFrames, test, waitForTheApp } from './fixtures.js';
import { registerFan, startSignedIn, type Fan } from './fans.js';

/** What the IFrame API stand-in (testing/youtube-fake-iframe-api.ts) lets a test see and do. */
interface FakeYoutube {
  created: { videoId: string; host: string | null; playerVars: Record<string, number> }[];
  players: { playVideo(): void; pauseVideo(): void; getCurrentTime(): number }[];
}
declare global {
  interface Window {
    __youtubeFake?: FakeYoutube;
  }
}

interface HomeVideo {
  id: number;
  title: string;
}

/** The home page's videos; each test takes its own, so their counts and lists stay apart. */
async function homeVideos(request: APIRequestContext): Promise<HomeVideo[]> {
  const response = await request.get('/api/home');
  const { data } = (await response.json()) as { data: { categories: { videos: HomeVideo[] }[] } };
  const seen = new Map<number, HomeVideo>();
  for (const video of data.categories.flatMap((row) => row.videos)) seen.set(video.id, video);
  return [...seen.values()];
}

/**
 * A video's view count as the database has it: an administrator's read (a visitor's may come
 * from the page cache, which views do not drop).
 */
async function viewCount(request: APIRequestContext, id: number): Promise<number> {
  admin ??= await adminSession(request);
  const answer = await adminCall<{ video: { view_count: number } }>(
    request,
    admin,
    'GET',
    `/videos/${id}`,
  );
  return answer.data.video.view_count;
}
let admin: AdminSession | undefined;

const asFan = (fan: Fan) => ({ authorization: `Bearer ${fan.token}` });

/** The fan's resume point as the API has it (reports are written in batches, about every second). */
async function savedPosition(request: APIRequestContext, fan: Fan, id: number): Promise<number> {
  const response = await request.get(`/api/users/${fan.id}/progress/${id}`, {
    headers: asFan(fan),
  });
  return ((await response.json()) as { data: { position: number } }).data.position;
}

/** Waits for the page's player: made by the stand-in, and ready (its frame is named). */
async function playerMade(page: Page) {
  await expect.poll(() => page.evaluate(() => window.__youtubeFake?.created.length ?? 0)).toBe(1);
  await expect(page.locator('.video-player iframe')).toHaveAttribute('title', /.+/);
  return page.evaluate(() => window.__youtubeFake!.created[0]!);
}

/** Plays for `seconds` of the page's clock (Playwright's), then pauses: the player reports both. */
async function playFor(page: Page, seconds: number) {
  await page.evaluate(() => window.__youtubeFake!.players[0]!.playVideo());
  await page.clock.fastForward(seconds * 1000);
  await page.evaluate(() => window.__youtubeFake!.players[0]!.pauseVideo());
}

test('a fan leaves an episode halfway, and on another browser Continue Watching starts it there; one view', async ({
  page,
  browser,
  request,
}) => {
  const fan = await registerFan(request, 'Wanda', 'Watcher');
  const video = (await homeVideos(request))[0]!;
  const viewsBefore = await viewCount(request, video.id);

  await startSignedIn(page, fan);
  await page.clock.install();
  await page.goto(`/videos/${video.id}`);
  const first = await playerMade(page);
  expect(first).toMatchObject({
    host: 'https://www.youtube-nocookie.com',
    playerVars: { start: 0, autoplay: 0, rel: 0 },
  });
  await playFor(page, 45);
  await expect.poll(() => savedPosition(request, fan, video.id)).toBeGreaterThanOrEqual(44);
  const left = await savedPosition(request, fan, video.id);
  await expect.poll(() => viewCount(request, video.id)).toBe(viewsBefore + 1);
  await page.goto('/');

  // Another browser: nothing shared with the first but the account.
  const other = await browser.newContext();
  await stubYoutubeFrames(other);
  const phone = waitForTheApp(await other.newPage());
  await startSignedIn(phone, fan);
  await phone.clock.install();
  await phone.goto('/');
  const row = phone.getByRole('region', { name: 'Continue Watching' });
  await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', /\d+/);
  await row.getByRole('link', { name: new RegExp(`^${escape(video.title)}`) }).click();
  await expect(phone).toHaveURL(`/videos/${video.id}`);
  const resumed = await playerMade(phone);
  expect(resumed.playerVars.start).toBe(Math.floor(left));

  // Watching on counts no second view within six hours.
  await playFor(phone, 40);
  await expect.poll(() => savedPosition(request, fan, video.id)).toBeGreaterThanOrEqual(left + 39);
  expect(await viewCount(request, video.id)).toBe(viewsBefore + 1);
  // A page drawn by the server (not reached through the app) resumes too, once the app knows the fan.
  const later = await savedPosition(request, fan, video.id);
  await phone.reload();
  expect((await playerMade(phone)).playerVars.start).toBe(Math.floor(later));
  await other.close();
});

test('a visitor resumes from this browser, and the server keeps no position for them', async ({
  page,
  request,
}) => {
  const video = (await homeVideos(request))[1]!;
  await page.clock.install();
  await page.goto(`/videos/${video.id}`);
  expect((await playerMade(page)).playerVars.start).toBe(0);
  await playFor(page, 20);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('twang.watching')))
    .toContain(`"${video.id}"`);
  await page.reload();
  expect((await playerMade(page)).playerVars.start).toBe(20);
});

test('a fan keeps a video in My List from its page, finds it on home and /account, and takes it out', async ({
  page,
  request,
}) => {
  const fan = await registerFan(request, 'Lister', 'Later');
  const video = (await homeVideos(request))[2]!;
  await startSignedIn(page, fan);
  await page.goto(`/videos/${video.id}`);
  const button = page.getByRole('main').getByRole('button', { name: 'My List', exact: true });
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/');
  const row = page.getByRole('region', { name: 'My List' });
  await expect(
    row.getByRole('link', { name: new RegExp(`^${escape(video.title)}`) }),
  ).toBeVisible();
  // Every card of it says so, in any row.
  const toggles = page.getByRole('button', { name: `Add ${video.title} to My List` });
  await expect(toggles.first()).toHaveAttribute('aria-pressed', 'true');
  await expectNoSeriousAxe(page);

  await page.goto('/account');
  const section = page.getByRole('region', { name: 'My List' });
  const card = section.getByRole('button', { name: `Add ${video.title} to My List` });
  await expect(card).toHaveAttribute('aria-pressed', 'true');
  await card.click();
  await expect(section.getByText(/Nothing in My List yet/)).toBeVisible();
});

test('a fan sees, pauses, removes from and clears their Watch History on /account', async ({
  page,
  request,
}) => {
  const fan = await registerFan(request, 'Hester', 'History');
  const [one, two] = (await homeVideos(request)).slice(3, 5) as [HomeVideo, HomeVideo];
  for (const video of [one, two]) {
    const response = await request.post(`/api/videos/${video.id}/progress`, {
      headers: asFan(fan),
      data: { position: 100, duration: 400, played: 10, total_played: 10 },
    });
    expect(response.status()).toBe(202);
  }
  await expect.poll(() => savedPosition(request, fan, two.id)).toBe(100);

  await startSignedIn(page, fan);
  await page.goto('/account');
  const history = page.getByRole('region', { name: 'Watch History' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('progressbar').first()).toHaveAccessibleName('25% watched');
  await expect(history.getByRole('listitem').first()).toContainText(/Watched \w{3} \d+, \d{4}/);
  await expectNoSeriousAxe(page);

  const pause = history.getByRole('switch', { name: 'Pause watch history' });
  await pause.check();
  await expect(history).toContainText('History is paused');
  await expect
    .poll(async () => {
      const response = await request.get(`/api/users/${fan.id}/history`, { headers: asFan(fan) });
      return ((await response.json()) as { data: { paused: boolean } }).data.paused;
    })
    .toBe(true);
  await pause.uncheck();

  await history.getByRole('button', { name: `Remove ${one.title} from Watch History` }).click();
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await history.getByRole('button', { name: 'Clear all history' }).click();
  await history
    .getByRole('group', { name: 'Clear all history' })
    .getByRole('button', { name: 'Clear all history' })
    .click();
  await expect(history.getByText('Nothing watched yet.')).toBeVisible();
});

/** A title as a literal in a RegExp. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** axe's WCAG checks over the page as it is now; serious and critical findings fail. */
async function expectNoSeriousAxe(page: Page) {
  const { violations } = await siteAxe(page).analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}
