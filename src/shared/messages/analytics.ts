/** API texts of staff analytics (issue 31). */
export const analyticsMessages = {
  siteFigures: 'Site figures',
  topLists: 'Top episodes, artists and categories',
  episodeFigures: 'Episode figures',
  notADate: 'from and to must be dates like 2026-01-31',
  rangeHalfGiven: 'Give both from and to, or neither (days then picks the range)',
  endBeforeStart: 'The range must not end before it starts (to is before from)',
  endInFuture: 'The range must not end after today (UTC)',
  rangeTooLong: 'The range must not be longer than 5 years',
  presetInvalid: 'days must be 7, 30, 90 or 365',
  presetAndDates: 'Give days, or from and to, not both',
  tooEarly: 'The range must not start before 2000-01-01',
} as const;
