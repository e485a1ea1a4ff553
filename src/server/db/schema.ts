import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// Descending indexes say NULLS FIRST, which is what a plain ORDER BY ... DESC means; drizzle's bare
// .desc() writes NULLS LAST, which the planner cannot use for such an ORDER BY.
// Full-text and trigram indexes use SQL functions (search_text, video_document) created in the
// hand-written migration 0001_search_and_counters.sql; they are listed in docs/architecture.md.
// Search reads stored generated columns (search_*): unaccent is slow, so it runs once per write
// instead of for every candidate row of every search. Inserts never write them.

/** PostgreSQL's full-text document type, which drizzle has no column builder for. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Raw bytes (a salt). */
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    zipcode: text('zipcode').notNull().default(''),
    birthday: date('birthday', { mode: 'string' }),
    newsletter: boolean('newsletter').notNull().default(false),
    /**
     * When the newsletter was last turned on; null while it is off. Kept by a trigger (migration
     * 0019) on every write path, so unsubscribe links signed before a re-subscription stop working.
     */
    newsletterSince: timestamp('newsletter_since', { withTimezone: true }),
    isAdmin: boolean('is_admin').notNull().default(false),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    createdAt: createdAt(),
    /** While true, nothing is written to watch_progress for this user (issue 28). */
    historyPaused: boolean('history_paused').notNull().default(false),
    /** "First Last" lower-cased without accents: the people lists' name search (migration 0008). */
    searchName: text('search_name')
      .notNull()
      .generatedAlwaysAs(sql`public.search_text(first_name || ' ' || last_name)`),
  },
  (t) => [
    // Emails are stored lower-cased, so a plain unique index is case-insensitive in effect.
    uniqueIndex('users_email_unique').on(t.email),
    index('users_admin_name_idx').on(t.isAdmin, t.firstName, t.lastName),
    index('users_last_login_idx').on(t.lastLogin),
    // The people lists' order: the latest sign-in first, never signed in last.
    index('users_admin_last_login_idx').on(t.isAdmin, t.lastLogin.desc().nullsLast(), t.id),
    index('users_search_name_trgm_idx').using('gin', t.searchName.op('gin_trgm_ops')),
    // Analytics' new accounts of a day (the day's roll-up, and today's live count).
    index('users_created_idx').on(t.createdAt),
    // A mailing's recipients and the subscriber count read only the subscribed.
    index('users_newsletter_idx')
      .on(t.id)
      .where(sql`${t.newsletter}`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the bearer token: a stolen database does not yield usable tokens. */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** How the sessions list names it to its owner (never the token's hash). */
    publicId: bigserial('public_id', { mode: 'number' }).notNull(),
    /** The browser's user agent at sign-in, cut to 300 characters: the sessions list names the device by it. */
    userAgent: text('user_agent').notNull().default(''),
    /**
     * An administrator signed in while a second factor is required and they have none: the
     * session may only enrol one (plugins/access-control.ts) until they do.
     */
    mustEnrol: boolean('must_enrol').notNull().default(false),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
    uniqueIndex('sessions_public_id_unique').on(t.publicId),
  ],
);

/**
 * An account's authenticator app (RFC 6238). The secret is sealed with SECOND_FACTOR_KEY
 * (AES-256-GCM); a row without `confirmed_at` is an enrolment waiting for its first code.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealedSecret: text('sealed_secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The last 30-second step a code was accepted for: a code of that step or older is a replay. */
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
});

/** Single-use codes for when the authenticator is lost; only their SHA-256 is kept. */
export const backupCodes = pgTable(
  'backup_codes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/**
 * An administrator's passkey (WebAuthn): a second factor, or a sign-in on its own. Only the
 * public key is kept; the counter catches a cloned authenticator that reports an older count.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential's id, base64url, as authenticators send it back. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('passkeys_credential_unique').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId),
  ],
);

/**
 * A WebAuthn ceremony waiting for the browser's answer: the challenge the options carried, what
 * it is for, whose it is (none for a usernameless sign-in), and the login challenge it finishes
 * when a passkey is the second factor. Used once.
 */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  challenge: text('challenge').primaryKey(),
  purpose: text('purpose', { enum: ['register', 'sign-in'] }).notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  loginChallengeHash: text('login_challenge_hash'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * A password accepted, a second factor still to come: the login answered this challenge (only
 * its hash is kept), good for a few minutes and a few tries.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent').notNull().default(''),
    /**
     * The password hash the first step checked: the session opens only while the account still
     * has it (a password changed in between ends the challenge's worth).
     */
    checkedPasswordHash: text('checked_password_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_challenges_user_idx').on(t.userId)],
);

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId, t.createdAt)],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tags_name_unique').on(sql`lower(${t.name})`)],
);

export const videos = pgTable(
  'videos',
  {
    id: serial('id').primaryKey(),
    youtubeId: text('youtube_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    thumbnail: text('thumbnail').notNull().default(''),
    episodeNumber: integer('episode_number'),
    isPublic: boolean('is_public').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When a Private video turns Public by itself (modules/publishing); null when not scheduled.
     * Cleared when it is published, by the schedule or by hand.
     */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    likeCount: integer('like_count').notNull().default(0),
    /**
     * Views counted (modules/watching): added when the progress batch flushes. Unindexed, like
     * like_count, so the update stays cheap (no trigger listens to it).
     */
    viewCount: bigint('view_count', { mode: 'number' }).notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The title lower-cased without accents: trigram matching (admin title search, typos). */
    searchTitle: text('search_title')
      .notNull()
      .generatedAlwaysAs(sql`public.search_text(title)`),
    /** Title (weight A) and description (weight B) words: the public full-text search. */
    searchDocument: tsvector('search_document')
      .notNull()
      .generatedAlwaysAs(sql`public.video_document(title, description)`),
    /**
     * The title's words alone, so "title matches first" is a query of its own, with statistics
     * of its own (weights inside search_document are invisible to the planner's estimates).
     */
    /**
     * The video's tags as the API shows them (`[{id, name}]`, by name), kept by triggers on
     * video_tags and tags (migration 0006): every list of videos reads them with the video
     * instead of one lookup per video.
     */
    tagList: json('tag_list')
      .notNull()
      .default(sql`'[]'::json`),
    searchTitleDocument: tsvector('search_title_document')
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('pg_catalog.simple'::regconfig, public.search_text(title))`,
      ),
  },
  (t) => [
    uniqueIndex('videos_youtube_id_unique').on(t.youtubeId),
    index('videos_search_title_trgm_idx').using('gin', t.searchTitle.op('gin_trgm_ops')),
    index('videos_search_document_idx').using('gin', t.searchDocument),
    index('videos_search_title_document_idx').using('gin', t.searchTitleDocument),
    // Deleting an account sets its videos' created_by to null: without this, a scan of every
    // video per account deleted (50,000 accounts took minutes).
    index('videos_created_by_idx')
      .on(t.createdBy)
      .where(sql`${t.createdBy} IS NOT NULL`),
    index('videos_public_published_idx').on(
      t.isPublic,
      t.publishedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('videos_published_idx').on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The publisher's "what is due" and the Coming Soon row read only the few scheduled ones.
    index('videos_publish_at_idx')
      .on(t.publishAt)
      .where(sql`${t.publishAt} IS NOT NULL`),
    // Only a Private video waits for its time.
    check('videos_publish_at_private_check', sql`${t.publishAt} IS NULL OR NOT ${t.isPublic}`),
    // No index on like_count (migration 0005): every like updates it, and an update of an
    // indexed column rewrites every index of the row, the GIN ones included.
  ],
);

export const artists = pgTable(
  'artists',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url').notNull().default(''),
    featured: boolean('featured').notNull().default(false),
    /** Every artist owns one tag; videos carrying it are the artist's videos. */
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'restrict' }),
    likeCount: integer('like_count').notNull().default(0),
    createdAt: createdAt(),
    /** The name lower-cased without accents: name search, and "by name" order and letters. */
    searchName: text('search_name')
      .notNull()
      .generatedAlwaysAs(sql`public.search_text(name)`),
    /** The name's words: the site search finds artists as it finds videos (migration 0007). */
    searchNameDocument: tsvector('search_name_document')
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('pg_catalog.simple'::regconfig, public.search_text(name))`,
      ),
  },
  (t) => [
    uniqueIndex('artists_tag_unique').on(t.tagId),
    index('artists_search_name_document_idx').using('gin', t.searchNameDocument),
    index('artists_name_idx').on(sql`lower(${t.name})`),
    index('artists_search_name_trgm_idx').using('gin', t.searchName.op('gin_trgm_ops')),
    index('artists_search_initial_idx').on(sql`left(${t.searchName}, 1)`, t.searchName),
    index('artists_featured_idx').on(t.featured, t.name),
    // No index on like_count, as for videos.
  ],
);

export const videoTags = pgTable(
  'video_tags',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.tagId] }),
    index('video_tags_tag_idx').on(t.tagId, t.videoId),
  ],
);

/**
 * Every word (full-text lexeme) of every video's title and description, digits-only ones left
 * out: the vocabulary a misspelt search word is corrected against. A trigger on videos (migration
 * 0004) adds the words of new and edited videos; words are never removed, since a stale word
 * only costs a correction that finds nothing. The migration gives `word` the C collation, so a
 * prefix test is a range of the primary key (drizzle cannot say so here).
 */
export const searchWordList = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
]);

/**
 * The videos to suggest beside a video that share tags with it, best first (at most 12): a read
 * model of public.suggested_video_ids(), which ranks every video sharing a tag. Written by the
 * refresher (modules/videos/suggestions-refresher.ts) for the videos queued in
 * video_suggestions_stale, which triggers fill whenever tags, publicity or dates change
 * (migration 0006). A video without a row here is ranked when its page is built.
 */
export const videoSuggestions = pgTable('video_suggestions', {
  videoId: integer('video_id')
    .primaryKey()
    .references(() => videos.id, { onDelete: 'cascade' }),
  ids: integer('ids').array().notNull(),
});

/**
 * Videos whose suggestions may have changed. `stamp` changes with every queuing, so a refresh
 * that read the catalogue before a change cannot take its row away (see the refresher).
 */
export const videoSuggestionsStale = pgTable('video_suggestions_stale', {
  videoId: integer('video_id').primaryKey(),
  stamp: integer('stamp').notNull().default(0),
});

/**
 * Each video's like count and date, kept by triggers (migration 0008) beside videos.like_count:
 * an index on the count here costs a like two small index entries, where one on videos would
 * rewrite every index of the row, the GIN ones included (migration 0005). The dashboard's most
 * liked videos are read from its index.
 */
/**
 * How many administrators and how many fans there are, kept by triggers on users (migration
 * 0009): the user lists' unfiltered total without counting 50,000 rows per page.
 */
export const peopleCounts = pgTable('people_counts', {
  isAdmin: boolean('is_admin').primaryKey(),
  total: integer('total').notNull(),
});

export const videoPopularity = pgTable(
  'video_popularity',
  {
    videoId: integer('video_id')
      .primaryKey()
      .references(() => videos.id, { onDelete: 'cascade' }),
    likeCount: integer('like_count').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('video_popularity_rank_idx').on(
      t.likeCount.desc().nullsFirst(),
      t.publishedAt.desc().nullsFirst(),
      t.videoId.desc().nullsFirst(),
    ),
  ],
);

/** The home page's category rows, in order. */
export const layoutRows = pgTable(
  'layout_rows',
  {
    position: integer('position').primaryKey(),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('layout_rows_tag_unique').on(t.tagId)],
);

/** A single row (id 1): the home page's featured video as the admin set it. */
export const featuredVideo = pgTable('featured_video', {
  id: integer('id').primaryKey().default(1),
  title: text('title').notNull(),
  link: text('link').notNull(),
  /** The catalogue video the link points at, when there is one. */
  videoId: integer('video_id').references(() => videos.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const videoLikes = pgTable(
  'video_likes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.videoId] }),
    index('video_likes_video_idx').on(t.videoId),
    // Analytics' likes of a day.
    index('video_likes_created_idx').on(t.createdAt),
    // A fan's liked list, newest like first, a page at a time.
    index('video_likes_user_recent_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.videoId.desc().nullsFirst(),
    ),
  ],
);

export const artistLikes = pgTable(
  'artist_likes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    artistId: integer('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.artistId] }),
    index('artist_likes_artist_idx').on(t.artistId),
    index('artist_likes_created_idx').on(t.createdAt),
    index('artist_likes_user_recent_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.artistId.desc().nullsFirst(),
    ),
  ],
);

/**
 * What administrators did: one row per change they made through the API (who, which call, on
 * what, which fields, when). Field names only, never values, so no password lands here.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    /** Null once that administrator's account is deleted; the email stays. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    /** 'PUT /api/admin/videos' */
    action: text('action').notNull(),
    /** The id the call acted on (from the body, the path, or what it created), when there is one. */
    targetId: text('target_id'),
    /**
     * That item's name when the call was made (a video's title, an artist's name, a person's name
     * and email), so the log still says what it was once the item is renamed or deleted. Null in
     * rows written before migration 0010.
     */
    targetName: text('target_name'),
    /** What else the call named, in words: a tag call's tags, the layout's rows, a count added. */
    details: text('details')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    fields: text('fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    statusCode: integer('status_code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // As videos_created_by_idx: an account's deletion finds its entries without a scan.
    index('audit_log_actor_idx')
      .on(t.actorId)
      .where(sql`${t.actorId} IS NOT NULL`),
  ],
);

/*
 * Watching (issue 28, modules/watching). Every table cascades on the deletion of its user and
 * of its video.
 */
const videoRef = () =>
  integer('video_id')
    .notNull()
    .references(() => videos.id, { onDelete: 'cascade' });
const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * One random salt per UTC day for visitors' view keys; rows older than 48 hours are deleted by
 * the watching sweeper, after which a day's keys can no longer be linked to an address.
 */
export const viewSalts = pgTable('view_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: bytea('salt').notNull(),
});

/**
 * Who was counted a view of a video, and when: a visitor's salted hash or 'u' + user id. A view
 * counts when the upsert's condition (older than 6 hours) lets it write, atomically, so two
 * instances on one database count it once. Marks older than 6 hours are swept.
 */
export const viewMarks = pgTable(
  'view_marks',
  {
    videoId: videoRef(),
    viewer: text('viewer').notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.viewer] }),
    index('view_marks_counted_idx').on(t.countedAt),
  ],
);

/**
 * The whole site per UTC day, for staff analytics: views, seconds watched and finishes as the
 * progress batch adds them to video_daily_stats (one row a day, not days x videos), unique
 * viewers as daily_viewers counts them (null before it was measured), and new accounts and likes
 * rolled up once a day has ended (null until then: the current day is counted live).
 */
export const siteDailyStats = pgTable('site_daily_stats', {
  day: date('day', { mode: 'string' }).primaryKey(),
  views: integer('views').notNull().default(0),
  secondsWatched: bigint('seconds_watched', { mode: 'number' }).notNull().default(0),
  finishes: integer('finishes').notNull().default(0),
  viewers: integer('viewers'),
  newAccounts: integer('new_accounts'),
  likes: integer('likes'),
});

/**
 * Who was counted a view on a UTC day, site-wide: 'u' + id for a fan, for a visitor a hash of
 * the day's salt, address and user agent (no video, unlike view_marks). Only for counting the
 * day's unique viewers; a day's rows are swept once it is over (hourly, 10 minutes' grace).
 */
export const dailyViewers = pgTable(
  'daily_viewers',
  {
    day: date('day', { mode: 'string' }).notNull(),
    viewer: text('viewer').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.viewer] })],
);

/** Per video and UTC day: views, seconds watched and finishes; grows with days x videos. */
export const videoDailyStats = pgTable(
  'video_daily_stats',
  {
    videoId: videoRef(),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    secondsWatched: bigint('seconds_watched', { mode: 'number' }).notNull().default(0),
    finishes: integer('finishes').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.day] }),
    // The dashboard's 30-day ranking reads the recent days of every video.
    index('video_daily_stats_day_idx').on(t.day, t.videoId),
  ],
);

/**
 * video_daily_stats added up per video and UTC month, for ranges of months (a year's top lists
 * read ~12 rows a video, not ~365). A month is added up once it has ended, on the first analytics
 * read that covers it; analytics_months lists the months done (a done month with no views has no
 * rows here, but still its marker).
 */
export const videoMonthlyStats = pgTable(
  'video_monthly_stats',
  {
    month: date('month', { mode: 'string' }).notNull(),
    videoId: videoRef(),
    views: integer('views').notNull(),
    secondsWatched: bigint('seconds_watched', { mode: 'number' }).notNull(),
    finishes: integer('finishes').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.videoId] }),
    // Deleting a video deletes its months.
    index('video_monthly_stats_video_idx').on(t.videoId),
  ],
);

/** The months (their first day) added up into video_monthly_stats. */
export const analyticsMonths = pgTable('analytics_months', {
  month: date('month', { mode: 'string' }).primaryKey(),
});

/** A signed-in fan's resume point per video; newest first it is also their history. */
export const watchProgress = pgTable(
  'watch_progress',
  {
    userId: userRef(),
    videoId: videoRef(),
    position: real('position').notNull(),
    duration: real('duration').notNull(),
    finished: boolean('finished').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    hiddenFromContinue: boolean('hidden_from_continue').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.videoId] }),
    index('watch_progress_user_recent_idx').on(
      t.userId,
      t.updatedAt.desc().nullsFirst(),
      t.videoId.desc().nullsFirst(),
    ),
    index('watch_progress_video_idx').on(t.videoId),
  ],
);

/** A fan's watch-later list, newest first; at most MY_LIST_MAX rows per user. */
export const myList = pgTable(
  'my_list',
  {
    userId: userRef(),
    videoId: videoRef(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.videoId] }),
    index('my_list_user_recent_idx').on(
      t.userId,
      t.addedAt.desc().nullsFirst(),
      t.videoId.desc().nullsFirst(),
    ),
    index('my_list_video_idx').on(t.videoId),
  ],
);

/**
 * Work to be done once, by whichever instance claims it first (modules/jobs). A claim moves a row
 * to running with a lock that expires, so a crashed instance's job is taken again later.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lastError: text('last_error'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    state: text('state').notNull().default('queued'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('jobs_state_check', sql`${t.state} IN ('queued', 'running', 'done', 'failed')`),
    // The claim reads due queued jobs and running ones whose lock has passed, oldest first.
    index('jobs_state_run_at_idx').on(t.state, t.runAt),
  ],
);

/** Recurring work: one row per schedule; the instance that moves next_run_at on runs the tick. */
export const jobSchedules = pgTable(
  'job_schedules',
  {
    name: text('name').primaryKey(),
    everySeconds: integer('every_seconds').notNull(),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
    paused: boolean('paused').notNull().default(false),
    lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
    lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [check('job_schedules_every_check', sql`${t.everySeconds} > 0`)],
);

/**
 * The YouTube channels the sync follows (modules/channels). `lease_until` is a running sync's
 * hold on the channel, so two instances never sync it at once; `retry_at` is a failing
 * channel's backoff. A push subscription's secret signs the hub's notifications.
 */
export const youtubeChannels = pgTable(
  'youtube_channels',
  {
    id: serial('id').primaryKey(),
    channelId: text('channel_id').notNull(),
    title: text('title').notNull().default(''),
    uploadsPlaylistId: text('uploads_playlist_id'),
    /**
     * Uploads videos.list did not return (private, scheduled on YouTube, processing): they do
     * not make the walk read on, and are asked for again each sync until they come in.
     */
    unreadableIds: text('unreadable_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isPrimary: boolean('is_primary').notNull().default(false),
    paused: boolean('paused').notNull().default(false),
    push: boolean('push').notNull().default(false),
    pushState: text('push_state').notNull().default('off'),
    pushSecret: text('push_secret'),
    pushLeaseUntil: timestamp('push_lease_until', { withTimezone: true }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** Which sync holds the channel: only it extends or ends the hold. */
    leaseToken: text('lease_token'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    failures: integer('failures').notNull().default(0),
    lastFailure: text('last_failure'),
    lastError: text('last_error'),
    retryAt: timestamp('retry_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('youtube_channels_channel_id_key').on(t.channelId),
    check(
      'youtube_channels_push_state_check',
      sql`${t.pushState} IN ('off', 'pending', 'active', 'failed')`,
    ),
  ],
);

/** One sync of one channel, for the history panel; kept when the channel is removed. */
export const channelSyncRuns = pgTable(
  'channel_sync_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channelId: text('channel_id').notNull(),
    channelTitle: text('channel_title').notNull().default(''),
    trigger: text('trigger').notNull(),
    status: text('status').notNull().default('running'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    found: integer('found').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    error: text('error'),
    units: integer('units').notNull().default(0),
  },
  (t) => [
    check('channel_sync_runs_trigger_check', sql`${t.trigger} IN ('schedule', 'manual', 'push')`),
    check(
      'channel_sync_runs_status_check',
      sql`${t.status} IN ('running', 'done', 'failed', 'interrupted')`,
    ),
    index('channel_sync_runs_started_idx').on(t.startedAt.desc(), t.id.desc()),
  ],
);

/** YouTube Data API units spent per quota day (YouTube's day, which ends at midnight Pacific). */
export const youtubeQuotaDays = pgTable('youtube_quota_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  units: integer('units').notNull().default(0),
});

/** Settings the back-office changes at run time, one JSON value per key. */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Subscriptions and unsubscriptions per UTC day, kept by the users trigger (migration 0019): the
 * subscriber trend, which the users table alone cannot give once people have left.
 */
export const newsletterDays = pgTable('newsletter_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  subscribed: integer('subscribed').notNull().default(0),
  unsubscribed: integer('unsubscribed').notNull().default(0),
});

/**
 * A newsletter mailing (modules/newsletter): its content as sent, with the unsubscribe link left as
 * a placeholder filled per recipient. `job_id` is the delivery job that may send it: a job that
 * is no longer that one (paused, then resumed) stops.
 */
export const mailings = pgTable(
  'mailings',
  {
    id: serial('id').primaryKey(),
    subject: text('subject').notNull(),
    intro: text('intro').notNull(),
    videoIds: integer('video_ids').array().notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    state: text('state').notNull().default('sending'),
    automatic: boolean('automatic').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByEmail: text('created_by_email').notNull(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    recipients: integer('recipients').notNull().default(0),
    jobId: bigint('job_id', { mode: 'number' }),
    /** Why sending stopped by itself (the mail server refused or was gone), for the screen. */
    lastError: text('last_error'),
  },
  (t) => [
    check('mailings_state_check', sql`${t.state} IN ('sending', 'paused', 'cancelled', 'sent')`),
    index('mailings_created_idx').on(t.createdAt.desc(), t.id),
    // One mailing is sent (or paused) at a time: a second start is refused, however it races.
    uniqueIndex('mailings_one_current')
      .on(sql`(true)`)
      .where(sql`${t.state} IN ('sending', 'paused')`),
  ],
);

/**
 * One subscriber of one mailing. A row is claimed ('sending') before its mail goes out and marked
 * 'sent' as soon as the server accepts it; only a claim older than any SMTP timeout is tried again.
 */
export const mailingRecipients = pgTable(
  'mailing_recipients',
  {
    mailingId: integer('mailing_id')
      .notNull()
      .references(() => mailings.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    retryAt: timestamp('retry_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** Set when this mailing's link unsubscribed them: the unsubscribes that followed. */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.mailingId, t.userId] }),
    check(
      'mailing_recipients_state_check',
      sql`${t.state} IN ('queued', 'sending', 'sent', 'failed', 'skipped')`,
    ),
    // The delivery's claim walks a mailing's unsent rows in user order.
    index('mailing_recipients_unsent_idx')
      .on(t.mailingId, t.userId)
      .where(sql`${t.state} IN ('queued', 'sending')`),
    index('mailing_recipients_user_idx').on(t.userId),
  ],
);
