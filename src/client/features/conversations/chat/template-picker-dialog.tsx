import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useFormikContext } from 'formik';
import { useMemo, useRef, useState } from 'react';
import { mixed } from 'yup';
import { useGetTemplatesQuery } from '@client/api/templates-endpoints';
import { errorMessage } from '@client/components/error-message';
import { FormDialog } from '@client/components/form/form-dialog';
import { HeaderMediaField } from '@client/components/templates/header-media-field';
import { emptyHeaderMedia, headerPreviewOf, headerRequest, type HeaderMediaValue } from '@client/components/templates/header-media-value';
import { MessagePreview } from '@client/components/templates/message-preview';
import { TemplateParameterFields } from '@client/components/templates/template-parameter-fields';
import { UnfilledConfirmation } from '@client/components/templates/unfilled-confirmation';
import type { Conversation } from '@shared/api/conversations';
import type { ParameterContact, TemplateParameter } from '@shared/api/template-parameters';
import type { Template } from '@shared/api/templates';
import { e164Of } from '@shared/phone';
import { renderParameters } from '@shared/templates/personal-parameters';
import { hasUnsendableHeader, headerMediaKind, HEADER_MEDIA_TEXTS } from '@shared/templates/header-media';
import { renderTemplate } from '@shared/templates/template-message';
import { sendTemplateMessageSchema, TEMPLATE_MESSAGE_TEXTS } from '@shared/validation/template-messages';
import { unfilledConfirmedField } from '@shared/validation/template-parameters';
import { useSendTemplateMessageMutation } from '../template-messages-api';
import { prefilledParameters } from './template-prefill';

// The header is checked by its field as it is given (the server checks it against the template).
const formSchema = sendTemplateMessageSchema
  .pick(['templateId', 'parameters'])
  .shape({ unfilledConfirmed: unfilledConfirmedField, header: mixed<HeaderMediaValue>().required() });
const INITIAL_VALUES = { templateId: '', parameters: [] as TemplateParameter[], unfilledConfirmed: false, header: emptyHeaderMedia() };
type PickerValues = typeof INITIAL_VALUES;

/** The conversation's contact as the parameters read it (the server renders them the same way). */
const recipientOf = (contact: Conversation['contact']): ParameterContact => ({
  name: contact.name,
  profileName: contact.profileName,
  phoneNumber: e164Of(contact.countryCode, contact.phoneNumber),
});

export interface TemplatePickerDialogProps {
  open: boolean;
  conversation: Pick<Conversation, 'id' | 'contact'>;
  onClose: () => void;
}

/**
 * Send Template Message, inside the chat: an approved template (one with a location header is listed
 * but cannot be chosen, and says why; an image, video or document header takes a file or link), one control per variable (text, or a field of the contact; the
 * contact's name where the template greets), and the message as this contact will see it.
 */
export function TemplatePickerDialog({ open, conversation, onClose }: TemplatePickerDialogProps) {
  const { data, isLoading, isError } = useGetTemplatesQuery({ status: 'APPROVED' }, { skip: !open });
  const templates = data?.data ?? [];
  const [send] = useSendTemplateMessageMutation();
  const [failure, setFailure] = useState<string | null>(null);
  // One clientId per message: pressing Send again with the same values after a lost answer sends it once.
  const attempt = useRef<{ key: string; clientId: string } | null>(null);

  const close = () => {
    setFailure(null);
    attempt.current = null;
    onClose();
  };

  return (
    <FormDialog
      open={open}
      title="Send Template Message"
      submitLabel="Send Template"
      maxWidth="sm"
      initialValues={INITIAL_VALUES}
      schema={formSchema}
      onSubmit={async ({ templateId, parameters, header: headerValue }) => {
        const header = headerMediaKind(templates.find((t) => t.id === templateId)?.components ?? []) ? headerRequest(headerValue) : undefined;
        const key = JSON.stringify([templateId, parameters, header]);
        if (attempt.current?.key !== key) attempt.current = { key, clientId: crypto.randomUUID() };
        setFailure(null);
        try {
          await send({ conversationId: conversation.id, templateId, parameters, header, clientId: attempt.current.clientId }).unwrap();
          close();
        } catch (error) {
          setFailure(errorMessage(error, TEMPLATE_MESSAGE_TEXTS.sendFailed));
        }
      }}
      onClose={close}
    >
      {failure && <Alert severity="error">{failure}</Alert>}
      {isError && <Alert severity="error">Failed to load templates</Alert>}
      <TemplateChoice templates={templates} loading={isLoading} contact={conversation.contact} />
    </FormDialog>
  );
}

interface TemplateChoiceProps {
  templates: readonly Template[];
  loading: boolean;
  contact: Conversation['contact'];
}

/** The template select, its parameters and the live preview. */
function TemplateChoice({ templates, loading, contact }: TemplateChoiceProps) {
  const { values, setValues, errors, touched, setFieldTouched, isSubmitting } = useFormikContext<PickerValues>();
  const template = templates.find((t) => t.id === values.templateId);
  const message = useMemo(
    () => (template ? renderTemplate(template.components, renderParameters(values.parameters, recipientOf(contact))) : null),
    [template, values.parameters, contact],
  );
  const templateError = touched.templateId ? errors.templateId : undefined;
  const headerKind = template ? headerMediaKind(template.components) : null;

  return (
    <>
      <TextField
        select
        label="Template"
        required
        name="templateId"
        value={loading ? '' : values.templateId}
        onChange={(event) => {
          const chosen = templates.find((t) => t.id === event.target.value);
          void setValues({
            templateId: event.target.value,
            parameters: chosen ? prefilledParameters(chosen.components, contact) : [],
            unfilledConfirmed: false,
            header: emptyHeaderMedia(),
          });
        }}
        onBlur={() => void setFieldTouched('templateId', true)}
        error={Boolean(templateError)}
        helperText={templateError ?? (!loading && templates.length === 0 ? 'No approved templates yet' : 'Only approved templates can be sent')}
        disabled={isSubmitting || loading}
      >
        {templates.map((t) => {
          const unsupported = hasUnsendableHeader(t.components);
          return (
            <MenuItem key={t.id} value={t.id} disabled={unsupported} sx={{ whiteSpace: 'normal' }}>
              {t.name} ({t.language}){unsupported ? ` — ${HEADER_MEDIA_TEXTS.unsendable}` : ''}
            </MenuItem>
          );
        })}
      </TextField>
      {headerKind && <HeaderMediaField name="header" kind={headerKind} />}
      <TemplateParameterFields />
      <UnfilledConfirmation />
      <MessagePreview message={message} headerMedia={headerPreviewOf(values.header)} emptyText="Choose a template to see the message the contact will receive." />
    </>
  );
}
