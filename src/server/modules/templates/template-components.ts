import type { TemplateComponent } from '@shared/api/templates';
import type { GraphTemplateComponent } from '../../whatsapp/graph-types';

/**
 * Meta's template components, reduced to what Parley shows and sends: header (format and text), body,
 * footer, and buttons with a stable id (their position, which is what a quick-reply send names).
 * Unknown component types are dropped rather than guessed at.
 */
export function toTemplateComponents(components: GraphTemplateComponent[] | undefined): TemplateComponent[] {
  return (components ?? []).flatMap((component): TemplateComponent[] => {
    switch (component.type?.toUpperCase()) {
      case 'HEADER':
        return [{ type: 'HEADER', format: component.format ?? 'TEXT', ...(component.text ? { text: component.text } : {}) }];
      case 'BODY':
        return [{ type: 'BODY', text: component.text ?? '' }];
      case 'FOOTER':
        return [{ type: 'FOOTER', text: component.text ?? '' }];
      case 'BUTTONS':
        return [{
          type: 'BUTTONS',
          buttons: (component.buttons ?? []).map((button, index) => ({
            id: String(index),
            text: button.text,
            type: button.type,
            ...(button.url ? { url: button.url } : {}),
            ...(button.phone_number ? { phoneNumber: button.phone_number } : {}),
          })),
        }];
      default:
        return [];
    }
  });
}
