import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { formatBytes } from '@shared/media-kinds';
import { useGetMediaUrlQuery } from '../conversations-api';
import type { InboxMessage } from '../state/inbox-message';

type MediaFields = Pick<InboxMessage, 'messageType' | 'mediaId' | 'mediaUrl' | 'mediaType' | 'mediaSize' | 'mediaFileName'>;

/** The file's address: asked of GET /media/{id}/url (cached 30 minutes), or the one the message carries. */
function useMediaAddress(message: MediaFields) {
  const { data, isLoading, isError } = useGetMediaUrlQuery(message.mediaId ?? skipToken);
  return { url: data?.url ?? (message.mediaId ? undefined : (message.mediaUrl ?? undefined)), isLoading, isError };
}

/** An image preview, a video or audio player, or a document download link. */
export function MediaMessage({ message }: { message: MediaFields }) {
  const { url, isLoading, isError } = useMediaAddress(message);
  const kind = message.messageType;
  if (isLoading) {
    return <Skeleton variant="rounded" width={kind === 'audio' || kind === 'document' ? 220 : 240} height={kind === 'audio' || kind === 'document' ? 40 : 160} />;
  }
  if (isError || !url) {
    return (
      <Typography variant="body2" sx={{ fontStyle: 'italic', opacity: 0.8 }}>
        Media unavailable
      </Typography>
    );
  }
  switch (kind) {
    case 'image':
    case 'sticker':
      return (
        <Link href={url} target="_blank" rel="noopener noreferrer">
          <Box component="img" src={url} alt={message.mediaFileName ?? (kind === 'image' ? 'Image' : 'Sticker')} sx={{ display: 'block', maxWidth: '100%', maxHeight: 280, borderRadius: 1 }} />
        </Link>
      );
    case 'video':
      return <Box component="video" src={url} controls preload="metadata" aria-label="Video" sx={{ display: 'block', maxWidth: '100%', maxHeight: 320, borderRadius: 1 }} />;
    case 'audio':
      return <Box component="audio" src={url} controls preload="metadata" aria-label="Audio" sx={{ display: 'block', maxWidth: '100%' }} />;
    default:
      return (
        <Link href={url} download={message.mediaFileName ?? true} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'inherit' }}>
          <DescriptionOutlinedIcon fontSize="small" aria-hidden />
          Download {message.mediaFileName ?? 'document'}
          {message.mediaSize !== null && ` (${formatBytes(message.mediaSize)})`}
        </Link>
      );
  }
}
