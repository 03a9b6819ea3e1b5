import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useField, useFormikContext } from 'formik';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@client/app/paths';
import { TemplateParameterFields } from '@client/components/templates/template-parameter-fields';
import { UnfilledConfirmation } from '@client/components/templates/unfilled-confirmation';
import type { Template } from '@shared/api/templates';
import { HeaderMediaField } from '@client/components/templates/header-media-field';
import { emptyHeaderMedia } from '@client/components/templates/header-media-value';
import { hasUnsendableHeader, headerMediaKind, HEADER_MEDIA_TEXTS } from '@shared/templates/header-media';
import { fieldsForTemplate, type ComposeValues } from './compose-values';

export interface TemplateFieldsProps {
  /** The organization's approved templates. */
  templates: readonly Template[];
  loading: boolean;
  failed: boolean;
}

/** The template select (approved ones only) and one control per variable, 'Parameter N' filling {{N}} with text or a contact field. */
export function TemplateFields({ templates, loading, failed }: TemplateFieldsProps) {
  const { values, setValues, isSubmitting } = useFormikContext<ComposeValues>();
  const [field, meta, helpers] = useField<string>('templateId');
  const showError = meta.touched && Boolean(meta.error);
  const chosen = templates.find((t) => t.id === field.value);
  const headerKind = chosen ? headerMediaKind(chosen.components) : null;

  const choose = (templateId: string) => {
    const template = templates.find((t) => t.id === templateId);
    void setValues({ ...values, templateId, ...fieldsForTemplate(template, values.parameters), header: emptyHeaderMedia() });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {failed && <Alert severity="error">Failed to load templates</Alert>}
      <TextField
        select
        label="Template"
        required
        name="templateId"
        value={loading ? '' : field.value}
        onChange={(event) => choose(event.target.value)}
        onBlur={() => void helpers.setTouched(true)}
        error={showError}
        helperText={
          showError
            ? meta.error
            : !loading && templates.length === 0 && !failed
              ? 'No approved templates yet'
              : 'Only approved templates can be sent'
        }
        disabled={isSubmitting || loading}
      >
        {templates.map((template) => {
          const unsupported = hasUnsendableHeader(template.components);
          return (
            <MenuItem key={template.id} value={template.id} disabled={unsupported}>
              {template.name} ({template.language}){unsupported ? ` — ${HEADER_MEDIA_TEXTS.unsendable}` : ''}
            </MenuItem>
          );
        })}
      </TextField>
      {!loading && !failed && templates.length === 0 && (
        <Alert severity="info">
          Templates appear here once WhatsApp approves them. See them on the{' '}
          <Link component={RouterLink} to={paths.templates}>
            Templates
          </Link>{' '}
          screen.
        </Alert>
      )}
      {headerKind && <HeaderMediaField name="header" kind={headerKind} />}
      <TemplateParameterFields />
      <UnfilledConfirmation />
    </Box>
  );
}
