import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { selectUnreadConversations } from '../attention/attention-slice';
import { useAppSelector } from '../hooks';
import { isRouteHandle, pageTitle } from './route-handle';

/**
 * Keeps document.title in step with the deepest matched route that has a title, led by the number of
 * conversations with unread messages while the inbox reports one: "(3) Conversations | Parley".
 */
export function DocumentTitle() {
  const matches = useMatches();
  const title = matches.map((match) => match.handle).filter(isRouteHandle).at(-1)?.title;
  const unread = useAppSelector(selectUnreadConversations);
  useEffect(() => {
    document.title = (unread > 0 ? `(${unread}) ` : '') + pageTitle(title);
  }, [title, unread]);
  return null;
}
