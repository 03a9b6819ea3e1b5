import { ScreenPlaceholder } from '@client/components/screen-placeholder';

/** Placeholder: the route works now; a later issue builds the screen. */
export default function TemplatesScreen() {
  return <ScreenPlaceholder title="Templates" />;
}
