import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Logo } from '@client/components/logo';
import { PRODUCT_NAME } from '@shared/constants';

const HIGHLIGHTS = [
  { icon: ForumOutlinedIcon, text: 'Answer every WhatsApp customer from one shared team inbox.' },
  { icon: CampaignOutlinedIcon, text: 'Send approved template broadcasts to tags or hand-picked contacts.' },
  { icon: VerifiedUserOutlinedIcon, text: 'Give each teammate a role with exactly the access they need.' },
] as const;

/** The left half of the login screen on wide screens: what the product is for. */
export function BrandPanel() {
  return (
    <Box
      sx={{
        display: { xs: 'none', md: 'flex' },
        flexDirection: 'column',
        justifyContent: 'space-between',
        p: 6,
        color: '#f0fdfa',
        background: 'radial-gradient(circle at 15% 10%, #14b8a6 0%, transparent 45%), linear-gradient(160deg, #0f766e 0%, #134e4a 55%, #042f2e 100%)',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Box sx={{ p: 0.75, borderRadius: 2.5, bgcolor: '#ffffff', display: 'flex' }}>
          <Logo size={30} />
        </Box>
        <Typography component="span" sx={{ fontSize: 24, fontWeight: 700, letterSpacing: '-0.02em' }}>
          {PRODUCT_NAME}
        </Typography>
      </Box>
      <Box sx={{ maxWidth: 480 }}>
        <Typography component="p" sx={{ fontSize: 36, fontWeight: 700, lineHeight: 1.2, letterSpacing: '-0.02em', mb: 4 }}>
          Every customer conversation, one shared inbox.
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2.5 }}>
          {HIGHLIGHTS.map(({ icon: Icon, text }) => (
            <Box component="li" key={text} sx={{ display: 'flex', gap: 1.75, alignItems: 'flex-start' }}>
              <Box sx={{ p: 1, borderRadius: 2, bgcolor: 'rgba(255,255,255,0.12)', display: 'flex' }}>
                <Icon fontSize="small" />
              </Box>
              <Typography sx={{ pt: 0.6, color: 'rgba(240,253,250,0.9)' }}>{text}</Typography>
            </Box>
          ))}
        </Box>
      </Box>
      <Typography variant="body2" sx={{ color: 'rgba(240,253,250,0.6)' }}>
        Built for teams on the WhatsApp Business Platform.
      </Typography>
    </Box>
  );
}
