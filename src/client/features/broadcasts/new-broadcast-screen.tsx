import { ScreenPlaceholder } from '@client/components/screen-placeholder';

/** Placeholder: the route works now; a later issue builds the screen. */
export default function NewBroadcastScreen() {
  return <ScreenPlaceholder title="New Broadcast" />;
}
