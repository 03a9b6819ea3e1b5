import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { fillPlaceholders } from '@shared/templates/template-message';
import { parseTemplateContent } from '../format/message-text';

/** A template message as the customer saw it: header, text with its parameters, footer and buttons. */
export function TemplateMessage({ content }: { content: string }) {
  const template = parseTemplateContent(content);
  if (!template) return <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{content}</Typography>;
  return (
    <Box>
      <Typography variant="caption" sx={{ display: 'block', opacity: 0.8, mb: 0.5 }}>
        Template: {template.templateName}
      </Typography>
      {template.header && <Typography sx={{ fontWeight: 700 }}>{fillPlaceholders(template.header, template.parameters)}</Typography>}
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{fillPlaceholders(template.text, template.parameters)}</Typography>
      {template.footer && (
        <Typography variant="caption" sx={{ display: 'block', opacity: 0.8, mt: 0.5 }}>
          {template.footer}
        </Typography>
      )}
      {template.buttons && template.buttons.length > 0 && (
        <Box component="ul" aria-label="Template buttons" sx={{ listStyle: 'none', m: 0, mt: 1, p: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          {template.buttons.map((button, i) => (
            <Box component="li" key={i} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, py: 0.5, textAlign: 'center', fontSize: 14 }}>
              {button}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
