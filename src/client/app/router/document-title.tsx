import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { isRouteHandle, pageTitle } from './route-handle';

/** Keeps document.title in step with the deepest matched route that has a title. */
export function DocumentTitle() {
  const matches = useMatches();
  const title = matches.map((match) => match.handle).filter(isRouteHandle).at(-1)?.title;
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
  return null;
}
