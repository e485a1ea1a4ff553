/**
 * "12,345": en-US digit grouping, written out rather than through Intl.NumberFormat for the reason
 * video-card.tsx gives for dates (the first Intl formatter costs a phone ~80 ms while the app takes
 * the page over); the same text Intl.NumberFormat('en-US') writes (watching-ui.test.ts).
 */
export function groupDigits(count: number): string {
  const whole = Math.trunc(count);
  const sign = whole < 0 ? '-' : '';
  return sign + String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Texts of what fans watch on the site: view counts, Continue Watching, history, My List. */
export const watchingUiMessages = {
  views: (count: number) => `${groupDigits(count)} ${count === 1 ? 'view' : 'views'}`,
  continueWatching: 'Continue Watching',
  removeFromContinue: 'Remove from Continue Watching',
  continueWatchingError: 'Continue Watching could not be loaded. Please try again later.',
  /** The progress bar's name: how much of a video has been watched. */
  watchedShare: (percent: number) => `${percent}% watched`,
  myList: 'My List',
  addToMyList: 'Add to My List',
  inMyList: 'In My List',
  addNamedToMyList: (title: string) => `Add ${title} to My List`,
  myListEmpty: 'Nothing in My List yet. Add videos with "Add to My List".',
  myListError: 'My List could not be loaded. Please try again later.',
  myListChangeFailed: 'My List could not be changed. Please try again.',
  watchHistory: 'Watch History',
  historyEmpty: 'Nothing watched yet.',
  historyPausedNote: 'History is paused: nothing you watch is recorded.',
  historyError: 'Your watch history could not be loaded. Please try again later.',
  historyPause: 'Pause watch history',
  historyRemove: (title: string) => `Remove ${title} from Watch History`,
  historyClear: 'Clear all history',
  historyClearConfirm: 'Clear your whole watch history? This cannot be undone.',
  historyChangeFailed: 'Your watch history could not be changed. Please try again.',
  watchedOn: (date: string) => `Watched ${date}`,
  finished: 'Finished',
  previousPage: 'Previous',
  nextPage: 'Next',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
} as const;
