import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useField, useFormikContext } from 'formik';
import { useId, useRef, useState } from 'react';
import { useUploadTemplateHeaderMutation } from '@client/api/template-header-endpoints';
import { errorMessage } from '@client/components/error-message';
import { formatBytes } from '@shared/media-kinds';
import { HEADER_MEDIA_TEXTS, headerAccept, headerFileProblem, isHttpsLink, type HeaderMediaKind } from '@shared/templates/header-media';
import type { HeaderMediaValue } from './header-media-value';

const KIND_LABELS: Record<HeaderMediaKind, string> = { image: 'Image', video: 'Video', document: 'Document' };

/**
 * A template's media header, for New Broadcast and the chat's template picker: a file (checked here by
 * the same type and size rules as the server's, then stored by Parley and sent to Meta with the
 * message) or an https link Meta fetches. The field `name` holds a HeaderMediaValue.
 */
export function HeaderMediaField({ name, kind }: { name: string; kind: HeaderMediaKind }) {
  const [field, , helpers] = useField<HeaderMediaValue>(name);
  const { isSubmitting } = useFormikContext();
  const [upload, { isLoading: uploading }] = useUploadTemplateHeaderMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [linkTouched, setLinkTouched] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const value = field.value;
  const label = KIND_LABELS[kind];

  const pick = async (file: File) => {
    const refused = headerFileProblem(file, kind);
    setProblem(refused);
    if (refused) return;
    try {
      const stored = await upload(file).unwrap();
      void helpers.setValue({ ...value, mode: 'file', mediaId: stored.mediaId, file, saved: undefined });
    } catch (error) {
      setProblem(errorMessage(error, 'The file could not be uploaded'));
    }
  };

  const linkError = value.mode === 'link' && linkTouched && value.link.trim() !== '' && !isHttpsLink(value.link.trim()) ? HEADER_MEDIA_TEXTS.linkInvalid : null;
  const missing = value.mode === 'file' ? !value.mediaId : !value.link.trim();
  // The file picked now, or the one a saved broadcast already has.
  const chosen = value.file ?? (value.saved && { name: value.saved.fileName, size: value.saved.sizeBytes });

  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography component="legend" id={labelId} variant="subtitle2">
        {label} header
      </Typography>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={value.mode}
        onChange={(event) => void helpers.setValue({ ...value, mode: event.target.value === 'link' ? 'link' : 'file' })}
      >
        <FormControlLabel value="file" control={<Radio />} label="Upload a file" disabled={isSubmitting} />
        <FormControlLabel value="link" control={<Radio />} label="Paste an https link" disabled={isSubmitting} />
      </RadioGroup>
      {value.mode === 'file' ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minWidth: 0 }}>
          <input
            ref={fileInput}
            type="file"
            accept={headerAccept(kind)}
            hidden
            aria-label={`${label} file`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void pick(file);
            }}
          />
          <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => fileInput.current?.click()} disabled={isSubmitting || uploading}>
            {chosen ? `Replace ${label.toLowerCase()}` : `Choose ${label.toLowerCase()}`}
          </Button>
          {chosen && value.mediaId && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {chosen.name} ({formatBytes(chosen.size)})
            </Typography>
          )}
        </Box>
      ) : (
        <TextField
          label={`${label} link`}
          placeholder="https://"
          value={value.link}
          onChange={(event) => void helpers.setValue({ ...value, mode: 'link', link: event.target.value })}
          onBlur={() => setLinkTouched(true)}
          error={Boolean(linkError)}
          helperText={linkError ?? 'WhatsApp fetches the file from this address when the message is sent'}
          disabled={isSubmitting}
          slotProps={{ htmlInput: { inputMode: 'url' } }}
        />
      )}
      {uploading && <LinearProgress aria-label={`Uploading the ${label.toLowerCase()}`} />}
      {problem && value.mode === 'file' && <FormHelperText error>{problem}</FormHelperText>}
      {!problem && missing && <FormHelperText>{HEADER_MEDIA_TEXTS.required(kind)}</FormHelperText>}
    </Box>
  );
}
