import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@shared/constants';
import { Logo } from './logo';

/** The logo and the product name side by side. */
export function Brand({ size = 32 }: { size?: number }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
      <Logo size={size} />
      <Typography component="span" sx={{ fontWeight: 700, fontSize: size * 0.62, letterSpacing: '-0.02em', color: 'text.primary' }}>
        {PRODUCT_NAME}
      </Typography>
    </Box>
  );
}
