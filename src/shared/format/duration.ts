const HOUR = 60;
const DAY = 24 * HOUR;

/**
 * A duration given in minutes, as analytics show it: whole minutes below one hour ('45min'), whole hours
 * below one day ('5h'), then days plus hours ('2d 3h'); zero, less, or no number at all reads '0min'.
 */
export function formatDuration(minutes: number): string {
  const total = Number.isFinite(minutes) ? Math.round(minutes) : 0;
  if (total <= 0) return '0min';
  if (total < HOUR) return `${total}min`;
  if (total < DAY) return `${Math.floor(total / HOUR)}h`;
  return `${Math.floor(total / DAY)}d ${Math.floor((total % DAY) / HOUR)}h`;
}
