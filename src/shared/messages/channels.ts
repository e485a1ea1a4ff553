/** API texts of the channel sync (add entries here; all-messages.ts picks them up). */
export const channelsMessages = {
  channelRequired: "Please give the channel's id or its youtube.com/channel/ link",
  channelInvalid:
    'That is not a YouTube channel id (UC and 22 characters) or a youtube.com/channel/ link',
  channelIdInvalid: 'The channel id in the address must be a whole number of 1 or more',
  channelMissingOnYoutube: 'YouTube has no channel with that id',
  channelAlreadyAdded: 'That channel is already synced',
  channelNotFound: 'No synced channel has that id',
  channelAdded: 'Channel added',
  channelUpdated: 'Channel updated',
  channelRemoved: 'Channel removed',
  pausedInvalid: 'paused must be true or false',
  pushInvalid: 'push must be true or false',
  nothingToChange: 'Send paused or push to change',
  pushNeedsPublicUrl:
    'Instant push needs PUBLIC_URL set to the https address YouTube can reach; the hourly sync still runs',
  syncRunning: 'A sync of this channel is already running; wait for it to end',
  syncPaused: 'This channel is paused; resume it to sync it',
  syncFinished: 'Sync finished',
  syncFailed: 'Sync failed',
  everyMinutesInvalid: 'Sync every must be a whole number of minutes from 5 to 1440',
  importPrivacyInvalid: "Import as must be 'youtube', 'public' or 'private'",
  publishAtPremiereInvalid: 'publish_at_premiere must be true or false',
  settingsSaved: 'Sync settings saved',
  websubNotAtom: 'The notification body is not a YouTube Atom feed',
  websubUnknownChannel: 'No channel with instant push has that id',
} as const;

/** A failed sync's reason in the words the Channels screen shows (stored with the failure). */
export const syncFailureTexts = {
  quotaExceeded: "YouTube's daily quota is spent; the sync goes on after midnight Pacific time",
  quotaGuard:
    "The sync stopped short of YouTube's daily quota to leave the rest for imports; it goes on after midnight Pacific time",
  keyInvalid: 'YouTube refused the API key (YOUTUBE_API_KEY); replace it in the settings',
  channelNotFound: 'YouTube has no such channel any more (deleted or terminated)',
  settingMissing: 'YOUTUBE_API_KEY is not set, so nothing can sync',
  unavailable:
    'YouTube did not answer usably (a time-out, a 5xx or a bad answer); tried again later',
  internal: 'The sync failed on our side; tried again later',
} as const;
