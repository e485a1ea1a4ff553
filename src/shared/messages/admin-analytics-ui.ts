/** Texts of the Analytics screen (issue 31), which the spec does not have. */
export const adminAnalyticsUiMessages = {
  title: 'Analytics',
  loadFailed: 'There was an error loading the analytics.',
  period: 'Period',
  custom: 'Custom range',
  from: 'From',
  to: 'To',
  apply: 'Show',
  downloadCsv: 'Download CSV',
  showTable: 'Show as table',
  showChart: 'Show as chart',
  thisPeriod: 'This period',
  periodBefore: 'Period before',
  chartFailed: 'The chart could not be drawn; the table has the same figures.',
  noChange: 'same as the period before',
  notMeasured: 'not measured',
  viewersNote: 'Unique viewers are approximate: a visitor counts once per browser and day.',
} as const;
