import Typography from '@mui/material/Typography';

/** Placeholder: a later issue builds the Messaging API tab. */
export default function MessagingApiTab() {
  return <Typography color="text.secondary">The Messaging API tab is coming soon.</Typography>;
}
