import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { useFormikContext } from 'formik';
import { useMemo, useState } from 'react';
import { headerPreviewOf } from '@client/components/templates/header-media-value';
import { MessagePreview } from '@client/components/templates/message-preview';
import { useDebouncedValue } from '@client/components/use-debounced-value';
import type { ParameterContact, TemplateParameter } from '@shared/api/template-parameters';
import type { Template } from '@shared/api/templates';
import { CONTACT_SEARCH_DEBOUNCE_MS } from '@shared/constants';
import { formatCount } from '@shared/format/count';
import { formatE164 } from '@shared/phone';
import { isPersonal, renderParameters } from '@shared/templates/personal-parameters';
import { renderTemplate } from '@shared/templates/template-message';
import { audienceKey, audienceRequest } from './audience-request';
import { useGetAudienceSampleQuery } from './audience-sample-api';
import type { ComposeValues } from './compose-values';


/** Without a recipient, a contact field shows its fallback. */
const withFallbacks = (parameters: readonly TemplateParameter[]) => parameters.map((p) => ('text' in p ? p.text : p.fallback));

function recipientLabel(contact: ParameterContact): string {
  const name = contact.name?.trim() || contact.profileName?.trim();
  const phone = formatE164(contact.phoneNumber);
  return name ? `${name} (${phone})` : phone;
}

/** Which recipient the preview shows, and the buttons that step through the audience. */
function RecipientStepper({ contact, position, count, onStep }: {
  contact: ParameterContact | null;
  position: number;
  count: number;
  onStep: (position: number) => void;
}) {
  const text = contact
    ? `Shown for ${recipientLabel(contact)}, recipient ${formatCount(position + 1)} of ${formatCount(count)}`
    : 'Contact fields show their fallbacks until the audience is chosen.';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        {text}
      </Typography>
      {contact && count > 1 && (
        <>
          <IconButton aria-label="Previous recipient" size="small" disabled={position === 0} onClick={() => onStep(position - 1)}>
            <ChevronLeftIcon fontSize="small" />
          </IconButton>
          <IconButton aria-label="Next recipient" size="small" disabled={position >= count - 1} onClick={() => onStep(position + 1)}>
            <ChevronRightIcon fontSize="small" />
          </IconButton>
        </>
      )}
    </Box>
  );
}

/**
 * The live preview as a real recipient of the audience will receive it: the first contact of the
 * chosen tags or contacts (Previous / Next step through them), contact fields rendered for them, with
 * fallbacks for what they lack. Without contact fields every recipient gets the same message, so no
 * recipient is asked for.
 */
export function RecipientPreview({ templates }: { templates: readonly Template[] }) {
  const { values } = useFormikContext<ComposeValues>();
  const template = templates.find((t) => t.id === values.templateId);
  const personal = isPersonal(values.parameters);
  const settledKey = useDebouncedValue(audienceKey(values), CONTACT_SEARCH_DEBOUNCE_MS);
  const [step, setStep] = useState({ key: settledKey, position: 0 });
  // A new audience starts again from its first contact.
  const position = step.key === settledKey ? step.position : 0;
  const request = template && personal ? audienceRequest(settledKey) : null;
  const { data } = useGetAudienceSampleQuery(request ? { ...request, position } : skipToken);
  const contact = request ? (data?.contact ?? null) : null;

  const message = useMemo(() => {
    if (!template) return null;
    return renderTemplate(template.components, contact ? renderParameters(values.parameters, contact) : withFallbacks(values.parameters));
  }, [template, contact, values.parameters]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {template && personal && (
        <RecipientStepper
          contact={contact}
          position={position}
          count={data?.count ?? 0}
          onStep={(next) => setStep({ key: settledKey, position: next })}
        />
      )}
      <MessagePreview message={message} headerMedia={headerPreviewOf(values.header)} />
    </Box>
  );
}
