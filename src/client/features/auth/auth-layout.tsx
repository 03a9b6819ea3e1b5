import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Brand } from '@client/components/brand';
import { BrandPanel } from './brand-panel';

export interface AuthLayoutProps {
  heading: string;
  intro: ReactNode;
  children: ReactNode;
}

/** The signed-out screens' frame: the brand panel beside (on a phone, the logo above) a heading and a form. */
export function AuthLayout({ heading, intro, children }: AuthLayoutProps) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, bgcolor: 'background.paper' }}>
      <BrandPanel />
      <Box component="main" sx={{ display: 'grid', placeItems: 'center', p: { xs: 3, sm: 6 } }}>
        <Box sx={{ width: '100%', maxWidth: 420 }}>
          <Box sx={{ display: { xs: 'flex', md: 'none' }, mb: 5 }}>
            <Brand />
          </Box>
          <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
            {heading}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 4 }}>
            {intro}
          </Typography>
          {children}
        </Box>
      </Box>
    </Box>
  );
}
