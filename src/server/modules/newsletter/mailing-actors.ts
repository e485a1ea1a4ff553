/** Who the history names for a mailing the back-office's automatic setting sent. */
export const AUTOMATIC_MAILING_ACTOR = 'automatic (new episode)';
