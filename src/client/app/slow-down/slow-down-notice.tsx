import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../hooks';
import { resumed, selectResumesAt } from './slow-down-slice';

/** The notice's wording: requests wait, nothing failed, nothing needs doing. */
export const slowDownText = (seconds: number) =>
  `Parley is receiving too many requests from your account or team. Updates pause for ${seconds} s and then go on by themselves.`;

/**
 * While the API's rate limit holds requests back, says so (with the seconds left) instead of the errors
 * the screens would otherwise show; clears itself when the wait is over.
 */
export function SlowDownNotice() {
  const dispatch = useAppDispatch();
  const resumesAt = useAppSelector(selectResumesAt);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (resumesAt === null) return undefined;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      if (current >= resumesAt) dispatch(resumed());
    };
    tick();
    const timer = setInterval(tick, 1_000);
    return () => clearInterval(timer);
  }, [dispatch, resumesAt]);

  const secondsLeft = resumesAt === null ? 0 : Math.max(1, Math.ceil((resumesAt - now) / 1000));
  return (
    <Snackbar open={resumesAt !== null} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
      <Alert severity="warning" variant="filled" role="status">
        {slowDownText(secondsLeft)}
      </Alert>
    </Snackbar>
  );
}
