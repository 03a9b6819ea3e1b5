import Box from '@mui/material/Box';
import logoUrl from '../../../public/favicon.svg';

/** The speech-bubble mark (the same file is the favicon). Decorative: the product name sits beside it. */
export function Logo({ size = 32 }: { size?: number }) {
  return <Box component="img" src={logoUrl} alt="" width={size} height={size} sx={{ display: 'block', flexShrink: 0 }} />;
}
