import CallOutlinedIcon from '@mui/icons-material/CallOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import ReplyIcon from '@mui/icons-material/Reply';
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { TemplateButton } from '@shared/api/templates';
import type { RenderedTemplate } from '@shared/templates/template-message';
import { ImageThumbnail, isPreviewableImage } from '../image-thumbnail';

/**
 * WhatsApp's look in both schemes. Every text colour keeps at least 4.5:1 against what it sits on
 * (text 15.7:1 and footer 5.5:1 on the light bubble, 6.8:1 and 5.5:1 on the dark one; button text
 * 6.6:1 and 6.7:1 on its card).
 */
const CHAT = (theme: Theme) => ({ bgcolor: '#efeae2', ...theme.applyStyles('dark', { bgcolor: '#0b141a' }) });
const BUBBLE = (theme: Theme) => ({ bgcolor: '#d9fdd3', color: '#111b21', ...theme.applyStyles('dark', { bgcolor: '#005c4b', color: '#e9edef' }) });
const FOOTER = (theme: Theme) => ({ color: '#54656f', ...theme.applyStyles('dark', { color: '#d1d7db' }) });
const BUTTON = (theme: Theme) => ({ bgcolor: '#ffffff', color: '#00695c', ...theme.applyStyles('dark', { bgcolor: '#1f2c34', color: '#53bdeb' }) });

const MEDIA_LABELS: Record<string, string> = { IMAGE: 'Image', VIDEO: 'Video', DOCUMENT: 'Document', LOCATION: 'Location' };

function ButtonIcon({ button }: { button: TemplateButton }) {
  if (button.type === 'URL') return <OpenInNewIcon fontSize="inherit" aria-hidden />;
  if (button.type === 'PHONE_NUMBER') return <CallOutlinedIcon fontSize="inherit" aria-hidden />;
  return <ReplyIcon fontSize="inherit" aria-hidden />;
}

export interface MessagePreviewProps {
  /** The template rendered with the typed parameters; null before a template is chosen. */
  message: RenderedTemplate | null;
  /** Shown before a template is chosen. */
  emptyText?: string;
  /** The media header's file (an image is shown) or link, once given; otherwise a placeholder names the kind. */
  headerMedia?: { file?: File; label: string };
}

/** A media header: the picked image itself, else a placeholder naming the kind and the file or link. */
function HeaderMedia({ format, media }: { format: string; media: MessagePreviewProps['headerMedia'] }) {
  if (media?.file && isPreviewableImage(media.file)) {
    return <ImageThumbnail file={media.file} sx={{ width: '100%', height: 140, mb: 1, border: 0, borderRadius: 1.5 }} />;
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 0.5, minHeight: 96, mb: 1, px: 1, borderRadius: 1.5, bgcolor: 'rgba(0, 0, 0, 0.08)' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <ImageOutlinedIcon aria-hidden />
        <Typography variant="body2">{MEDIA_LABELS[format] ?? format} header</Typography>
      </Box>
      {media && (
        <Typography variant="caption" sx={{ overflowWrap: 'anywhere', textAlign: 'center' }}>
          {media.label}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The message as the customer will see it: header, body with the typed values (an empty one still shows
 * its {{n}}), footer and buttons, in a chat bubble. A figure named "Message preview"; its text is read as
 * plain text, the buttons as a list.
 */
export function MessagePreview({ message, emptyText = 'Choose a template to see the message your contacts will receive.', headerMedia }: MessagePreviewProps) {
  return (
    <Box component="figure" aria-label="Message preview" sx={(theme) => ({ m: 0, p: 2, borderRadius: 2, minHeight: 160, ...CHAT(theme) })}>
      {!message ? (
        <Box sx={(theme) => ({ ...BUBBLE(theme), p: 1.5, borderRadius: 2, maxWidth: 320 })}>
          <Typography variant="body2">{emptyText}</Typography>
        </Box>
      ) : (
        <Box sx={{ maxWidth: 320 }}>
          <Box sx={(theme) => ({ ...BUBBLE(theme), p: 1.25, borderRadius: 2, borderTopLeftRadius: 0, boxShadow: 1 })}>
            {message.headerFormat && <HeaderMedia format={message.headerFormat} media={headerMedia} />}
            {message.header && (
              <Typography sx={{ fontWeight: 700, mb: 0.5, overflowWrap: 'anywhere' }}>{message.header}</Typography>
            )}
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.body}
            </Typography>
            {message.footer && (
              <Typography variant="caption" component="p" sx={(theme) => ({ ...FOOTER(theme), mt: 0.75, overflowWrap: 'anywhere' })}>
                {message.footer}
              </Typography>
            )}
          </Box>
          {message.buttons.length > 0 && (
            <Box component="ul" aria-label="Buttons" sx={{ listStyle: 'none', m: 0, mt: 0.5, p: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
              {message.buttons.map((button) => (
                <Box
                  component="li"
                  key={button.id}
                  sx={(theme) => ({
                    ...BUTTON(theme),
                    display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 0.75,
                    py: 0.75, px: 1, borderRadius: 2, boxShadow: 1, fontSize: 14, fontWeight: 600, textAlign: 'center',
                  })}
                >
                  <ButtonIcon button={button} />
                  {button.text}
                </Box>
              ))}
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}
