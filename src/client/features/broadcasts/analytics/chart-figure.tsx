// Shared with the inbox reports (src/client/components/analytics); the analytics sections import it from here.
export { BAR_COLORS, ChartFigure } from '@client/components/analytics/chart-figure';
