import { adminVideosMessages } from './admin-videos.js';
import { analyticsMessages } from './analytics.js';
import { apiMessages } from './api.js';
import { artistsTagsMessages } from './artists-tags.js';
import { catalogueMessages } from './catalogue.js';
import { channelsMessages } from './channels.js';
import { newsletterMessages } from './newsletter.js';
import { peopleMessages } from './people.js';
import { publicSiteMessages } from './public-site.js';
import { secondFactorMessages } from './second-factor.js';
import { validationMessages } from './validation.js';
import { watchingMessages } from './watching.js';

const everyMessage = new Set<string>(
  [
    validationMessages,
    apiMessages,
    peopleMessages,
    catalogueMessages,
    artistsTagsMessages,
    adminVideosMessages,
    publicSiteMessages,
    watchingMessages,
    channelsMessages,
    secondFactorMessages,
    analyticsMessages,
    newsletterMessages,
  ].flatMap((group) => Object.values(group) as string[]),
);

/** True for the texts written for people; the API sends those as they are, without a field prefix. */
export function isSharedMessage(text: string): boolean {
  return everyMessage.has(text);
}
