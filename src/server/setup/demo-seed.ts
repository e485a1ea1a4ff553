import { randomBytes } from 'node:crypto';
import { and, count, eq, inArray, max, sql } from 'drizzle-orm';
import { NO_LAST_NAME } from '@shared/validation.js';
import type { Database } from '../db/client.js';
import {
  artistLikes,
  artists,
  featuredVideo,
  layoutRows,
  tags,
  users,
  videoLikes,
  videoTags,
  siteSettings,
  videos,
} from '../db/schema.js';
import { hashPassword } from '../modules/auth/password-hashing.js';
import { DEMO_DATES_PENDING_KEY } from './prepared-demo-data.js';
import {
  DEMO_CATEGORIES,
  demoArtistBio,
  demoArtistName,
  demoSongTitle,
  demoVenue,
  demoYoutubeId,
  pick,
  seededRandom,
} from './demo-catalogue.js';

export interface DemoAccount {
  role: 'admin' | 'user';
  email: string;
  password: string;
}

/** The two demo accounts a person signs in with (the fans' passwords are never shown). */
const DEMO_ACCOUNTS = [
  { role: 'admin', email: 'admin' },
  { role: 'user', email: 'user' },
] as const;

/**
 * The password hash of a demo account whose password has not been shown yet: no password
 * verifies against it. The seed stores it, and the first instance that listens gives the account
 * a password and prints it (issueDemoPasswords), so a start that fails after seeding (its port
 * taken, say) prints no password, and the next start that listens still shows them, once.
 */
export const DEMO_PASSWORD_NOT_ISSUED = '!demo-password-not-issued';

const DEMO_ARTISTS = 40;
const DEMO_VIDEOS = 150;
const DEMO_FANS = 24;
const LAYOUT_ROWS = 8;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const DAY_SECONDS = 24 * 60 * 60;

/** True before anything was ever stored: no users and no videos. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [[people], [catalogue]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(videos),
  ]);
  return (people?.n ?? 0) === 0 && (catalogue?.n ?? 0) === 0;
}

/** A fresh strong password: the demo accounts' passwords are never written in the code. */
export function generatePassword(): string {
  return `Tw${randomBytes(12).toString('base64url')}9`;
}

/**
 * Fills an empty database with the demo show: 40 artists (each with its own tag), 12 categories,
 * 150 weekly episodes, a home layout of 8 rows, a featured video, and fans with likes. The two
 * demo accounts get their passwords later, from issueDemoPasswords.
 */
export async function seedDemoContent(
  db: Database,
  options: { log: (line: string) => void; now?: Date },
): Promise<void> {
  const random = seededRandom(1969);
  const now = options.now ?? new Date();
  const fanHash = await hashPassword(generatePassword());
  await db.transaction(async (tx) => {
    options.log('Seeding the demo catalogue…');
    const [admin, casey] = await tx
      .insert(users)
      .values([
        {
          email: DEMO_ACCOUNTS[0].email,
          passwordHash: DEMO_PASSWORD_NOT_ISSUED,
          firstName: 'Admin',
          lastName: NO_LAST_NAME,
          isAdmin: true,
          zipcode: '37203',
          lastLogin: now,
        },
        {
          email: DEMO_ACCOUNTS[1].email,
          passwordHash: DEMO_PASSWORD_NOT_ISSUED,
          firstName: 'Casey',
          lastName: 'Morgan',
          zipcode: '37206',
          birthday: '1992-06-21',
          newsletter: true,
        },
      ])
      .returning();
    const fans = await tx
      .insert(users)
      .values(
        Array.from({ length: DEMO_FANS }, (_, i) => ({
          email: `fan${i + 1}@example.com`,
          passwordHash: fanHash,
          firstName: demoArtistName(i + 3).split(' ')[0]!,
          lastName: demoArtistName(i + 11).split(' ')[1]!,
          zipcode: String(37000 + i * 17),
          birthday: `19${70 + (i % 30)}-0${1 + (i % 9)}-1${i % 10}`,
          newsletter: i % 3 !== 0,
          lastLogin: new Date(now.getTime() - i * 4 * 24 * 60 * 60 * 1000),
        })),
      )
      .returning({ id: users.id });

    const categoryTags = await tx
      .insert(tags)
      .values(DEMO_CATEGORIES.map((name) => ({ name })))
      .returning();
    const artistNames = Array.from({ length: DEMO_ARTISTS }, (_, i) => demoArtistName(i));
    const artistTags = await tx
      .insert(tags)
      .values(artistNames.map((name) => ({ name })))
      .returning();
    const artistRows = await tx
      .insert(artists)
      .values(
        artistNames.map((name, i) => ({
          name,
          description: demoArtistBio(name, random),
          imageUrl: `/media/demo/artist/${i + 1}.svg`,
          featured: i % 5 === 0,
          tagId: artistTags[i]!.id,
        })),
      )
      .returning();

    const videoValues = Array.from({ length: DEMO_VIDEOS }, (_, i) => {
      const episode = i + 1;
      const artist = artistRows[i % DEMO_ARTISTS]!;
      const song = demoSongTitle(random);
      const live = random() < 0.6;
      return {
        youtubeId: demoYoutubeId(random),
        title: `${artist.name} – ${song}${live ? ` (Live at ${demoVenue(random)})` : ''}`,
        description:
          `Episode ${episode}: ${artist.name} performs "${song}"` +
          `${live ? ' in front of a packed house' : ' in an intimate studio session'}, ` +
          `then sits down to talk about the story behind it.`,
        thumbnail: `/media/demo/video/${episode}.svg`,
        episodeNumber: episode,
        // A few recent episodes are still private drafts, as on a real show.
        isPublic: episode <= DEMO_VIDEOS - 4 && random() > 0.04,
        publishedAt: new Date(now.getTime() - (DEMO_VIDEOS - episode) * WEEK_MS),
        createdBy: admin!.id,
      };
    });
    const videoRows = await tx.insert(videos).values(videoValues).returning({ id: videos.id });

    const links = new Map<string, { videoId: number; tagId: number }>();
    videoRows.forEach((video, i) => {
      const add = (tagId: number) =>
        links.set(`${video.id}:${tagId}`, { videoId: video.id, tagId });
      add(artistRows[i % DEMO_ARTISTS]!.tagId);
      add(pick(random, categoryTags).id);
      if (random() < 0.5) add(pick(random, categoryTags).id);
    });
    await tx.insert(videoTags).values([...links.values()]);

    await tx
      .insert(layoutRows)
      .values(
        categoryTags.slice(0, LAYOUT_ROWS).map((tag, position) => ({ position, tagId: tag.id })),
      );
    const newestPublic = [...videoValues].reverse().find((video) => video.isPublic)!;
    const featuredIndex = videoValues.indexOf(newestPublic);
    await tx.insert(featuredVideo).values({
      title: newestPublic.title,
      link: `https://www.youtube.com/watch?v=${newestPublic.youtubeId}`,
      videoId: videoRows[featuredIndex]!.id,
    });

    const fansAndCasey = [casey!.id, ...fans.map((fan) => fan.id)];
    const videoLikeRows = new Map<string, { userId: number; videoId: number }>();
    const artistLikeRows = new Map<string, { userId: number; artistId: number }>();
    for (const userId of fansAndCasey) {
      for (let n = 0; n < 12; n += 1) {
        // Squaring skews likes toward a few favourites, so "popular" lists have a clear top.
        const video = videoRows[Math.floor(random() ** 2 * videoRows.length)]!;
        videoLikeRows.set(`${userId}:${video.id}`, { userId, videoId: video.id });
      }
      for (let n = 0; n < 4; n += 1) {
        const artist = artistRows[Math.floor(random() ** 2 * artistRows.length)]!;
        artistLikeRows.set(`${userId}:${artist.id}`, { userId, artistId: artist.id });
      }
    }
    await tx.insert(videoLikes).values([...videoLikeRows.values()]);
    await tx.insert(artistLikes).values([...artistLikeRows.values()]);
    options.log(
      `Demo catalogue ready: ${videoRows.length} videos, ${artistRows.length} artists, ` +
        `${categoryTags.length} categories, ${fansAndCasey.length + 1} accounts.`,
    );
  });
}

/**
 * Every date the demo seed writes, by table (the test checks that none is left out). The date
 * move runs with triggers off, so the read models that hold a copy (video_popularity) are
 * listed too.
 */
const DEMO_DATES: Record<string, string[]> = {
  videos: ['published_at', 'publish_at', 'created_at', 'updated_at'],
  video_popularity: ['published_at'],
  users: ['created_at', 'last_login', 'newsletter_since'],
  artists: ['created_at'],
  tags: ['created_at'],
  video_likes: ['created_at'],
  artist_likes: ['created_at'],
  featured_video: ['updated_at'],
};

/**
 * Moves the demo's dates to today, on a database copied from the build (prepared-demo-data.ts)
 * whose DEMO_DATES_PENDING_KEY row is still there (it is deleted here): the newest episode was
 * published the moment the build seeded it, and is again now, with every other date (episodes,
 * accounts, likes, sign-ins) as far before it as it was. Within a day of the build (npm start
 * builds, then starts) nothing moves: the demo's episodes are weekly. Only once: a second call
 * finds no row.
 *
 * Triggers are off meanwhile (session_replication_role): they would queue every episode's
 * suggestions again, which a move of every date by the same time leaves as they are, and the
 * newsletter one would put newsletter_since back. The subscriber trend is made again from the
 * accounts, as the seed's subscriptions made it (the demo has no unsubscriptions).
 */
export async function moveDemoDatesToNow(db: Database, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    // Once: the row goes with the move, in one transaction.
    const pending = await tx
      .delete(siteSettings)
      .where(eq(siteSettings.key, DEMO_DATES_PENDING_KEY))
      .returning({ key: siteSettings.key });
    if (pending.length === 0) return;
    const [newest] = await tx.select({ at: max(videos.publishedAt) }).from(videos);
    if (!newest?.at) return;
    const seconds = (now.getTime() - newest.at.getTime()) / 1000;
    if (seconds < DAY_SECONDS) return;
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    for (const [table, columns] of Object.entries(DEMO_DATES)) {
      const moves = columns.map(
        (column) =>
          sql`${sql.identifier(column)} = ${sql.identifier(column)} + make_interval(secs => ${seconds})`,
      );
      await tx.execute(sql`UPDATE ${sql.identifier(table)} SET ${sql.join(moves, sql`, `)}`);
    }
    await tx.execute(sql`DELETE FROM newsletter_days`);
    await tx.execute(sql`
      INSERT INTO newsletter_days (day, subscribed)
      SELECT (newsletter_since AT TIME ZONE 'UTC')::date, count(*) FROM users
      WHERE newsletter GROUP BY 1`);
  });
}

/**
 * Gives each demo account still waiting for one a fresh password, and returns those it gave.
 * Instances that call it at once each give a password only to an account still waiting (the
 * update checks it), so every password is shown by exactly one of them.
 */
export async function issueDemoPasswords(db: Database): Promise<DemoAccount[]> {
  const emails = DEMO_ACCOUNTS.map((account) => account.email);
  const waitingFor = (email: string) =>
    and(eq(users.email, email), eq(users.passwordHash, DEMO_PASSWORD_NOT_ISSUED));
  const waiting = await db
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.email, emails), eq(users.passwordHash, DEMO_PASSWORD_NOT_ISSUED)));
  const issued: DemoAccount[] = [];
  for (const account of DEMO_ACCOUNTS) {
    if (!waiting.some((row) => row.email === account.email)) continue;
    const password = generatePassword();
    const given = await db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(waitingFor(account.email))
      .returning({ id: users.id });
    if (given.length > 0) issued.push({ ...account, password });
  }
  return issued;
}
