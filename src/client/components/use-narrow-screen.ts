import useMediaQuery from '@mui/material/useMediaQuery';
import { MOBILE_BREAKPOINT } from '@shared/constants';

const NARROW_QUERY = `(width < ${MOBILE_BREAKPOINT})`;

/**
 * True under the mobile breakpoint (48em): the sidebar becomes a drawer and wide tables drop columns.
 * noSsr: the query is read on the first render, so phones never flash the desktop layout.
 */
export function useNarrowScreen(): boolean {
  return useMediaQuery(NARROW_QUERY, { noSsr: true });
}
