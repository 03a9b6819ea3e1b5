import { fillPlaceholders } from '@shared/templates/template-message';
import { messageSummary, parseTemplateContent, previewText, unreadLabel } from './message-text';

const template = JSON.stringify({ templateName: 'order_update', language: 'en', text: 'Hi {{1}}, order {{2}} shipped', parameters: ['Aisha', '#42'] });

describe('message text', () => {
  it('reads a template message from its JSON content and fills its parameters', () => {
    const parsed = parseTemplateContent(template);
    expect(parsed).toMatchObject({ templateName: 'order_update', parameters: ['Aisha', '#42'], buttons: [] });
    expect(fillPlaceholders(parsed!.text, parsed!.parameters)).toBe('Hi Aisha, order #42 shipped');
    expect(fillPlaceholders('{{3}} stays', [])).toBe('{{3}} stays');
    expect(parseTemplateContent('not json')).toBeNull();
    expect(parseTemplateContent('{"text": 1}')).toBeNull();
  });

  it('summarizes media and templates, and cuts previews at 50 characters', () => {
    expect(messageSummary({ messageType: 'template', content: template })).toBe('Hi Aisha, order #42 shipped');
    expect(messageSummary({ messageType: 'image', content: '' })).toBe('Photo');
    expect(messageSummary({ messageType: 'document', content: 'Invoice' })).toBe('Document: Invoice');
    expect(previewText({ messageType: 'text', content: 'a'.repeat(50) })).toBe('a'.repeat(50));
    expect(previewText({ messageType: 'text', content: `${'b'.repeat(51)}` })).toBe(`${'b'.repeat(50)}…`);
    expect(previewText({ messageType: 'text', content: 'two\nlines' })).toBe('two lines');
  });

  it("caps the unread badge at '99+'", () => {
    expect(unreadLabel(99)).toBe('99');
    expect(unreadLabel(100)).toBe('99+');
  });
});
