import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { skipToken } from '@reduxjs/toolkit/query';
import { useFormikContext } from 'formik';
import { useDebouncedValue } from '@client/components/use-debounced-value';
import type { AudienceCheckResponse } from '@shared/api/audience-check';
import { CONTACT_SEARCH_DEBOUNCE_MS } from '@shared/constants';
import { useCheckAudienceQuery } from './audience-check-api';
import { audienceKey, audienceRequest } from './audience-request';
import type { ComposeValues } from './compose-values';
import { formatCount, formatCountOf } from '@shared/format/count';

const contacts = (n: number) => formatCountOf(n, 'contact');

export function optedOutText(check: AudienceCheckResponse): string | null {
  if (check.optedOut === 0) return null;
  return `Of these, ${contacts(check.optedOut)} opted out of marketing messages and will not be sent this template.`;
}

export function overLimitText({ count, messagingLimit }: AudienceCheckResponse): string | null {
  const { overBy, limit, tier, messagedLast24h, available } = messagingLimit;
  if (overBy === 0 || limit === null || available === null) return null;
  return `Your number may message ${formatCount(limit)} customers in 24 hours (${tier ?? 'its tier'}), and ${formatCount(messagedLast24h)} `
    + `were messaged in the last 24 hours, so ${formatCount(available)} remain. WhatsApp will refuse ${formatCount(overBy)} of the `
    + `${formatCount(count)} recipients (errors 131049/130472, which are not retried).`;
}

/**
 * Before sending: who a MARKETING template leaves out, and a warning when the audience is over what the
 * number's messaging limit still allows today. Shows nothing when neither applies.
 */
export function AudienceCheckWarning() {
  const { values } = useFormikContext<ComposeValues>();
  const settledKey = useDebouncedValue(audienceKey(values), CONTACT_SEARCH_DEBOUNCE_MS);
  const request = audienceRequest(settledKey);
  const { data } = useCheckAudienceQuery(request ? { ...request, ...(values.templateId ? { templateId: values.templateId } : {}) } : skipToken);
  const optedOut = data ? optedOutText(data) : null;
  const overLimit = data ? overLimitText(data) : null;
  if (!optedOut && !overLimit) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {optedOut && <Alert severity="info">{optedOut}</Alert>}
      {overLimit && <Alert severity="warning">{overLimit}</Alert>}
    </Box>
  );
}
