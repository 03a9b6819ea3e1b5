/** The report-rollups module's public face: what other modules, app.ts and the bench may use. */
export { reportRollupsPlugin } from './report-rollups-plugin';
export {
  foldReportRollups, messagesPerHourIn, NO_PERIODS, periodFiguresIn, rollupDrift,
  type DurationRow, type HourCount, type Instants, type FigureSource, type PeriodsByKey,
} from './report-rollups-service';
