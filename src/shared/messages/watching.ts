/** API texts of watching: progress, Continue Watching, history and My List (issue 28). */
export const watchingMessages = {
  progressSaved: 'Progress received',
  progressFound: 'Progress',
  playedOverTotal: 'played must not be more than total_played',
  positionPastEnd: 'position must not be past the end of the video (duration)',
  continueWatchingListed: 'Continue Watching',
  continueWatchingRemoved: 'Removed from Continue Watching',
  historyListed: 'Watch history',
  historyItemRemoved: 'Removed from your watch history',
  historyCleared: 'Watch history cleared',
  historyPaused: 'Watch history paused',
  historyResumed: 'Watch history resumed',
  myListListed: 'My List',
  myListIds: 'My List ids',
  myListAdded: 'Added to My List',
  myListRemoved: 'Removed from My List',
  myListFull: 'My List is full (1,000 videos). Remove some to add more.',
} as const;
