/** @jest-environment node */
import { buttonMail, LINK_PLACEHOLDER, withLink } from './mail-template';

const content = {
  organizationName: 'Tom & Jerry <Imports>',
  paragraphs: ['Ada "the admin" invited you.'],
  buttonLabel: 'Accept the invitation',
  link: 'https://parley.example/invite/tok_1?a=1&b=2',
  note: 'The link works once.',
  publicUrl: 'https://parley.example',
};

test('the bodies leave the link out until it is sent: they carry a placeholder, the link travels as the secret', () => {
  const mail = buttonMail(content);
  expect(mail.secret).toEqual({ link: content.link });
  expect(mail.text).not.toContain('tok_1');
  expect(mail.html).not.toContain('tok_1');
  expect(mail.text).toContain(`Accept the invitation: ${LINK_PLACEHOLDER}`);
});

test('the HTML escapes everything interpolated, the text keeps it as written, and both name the organization and PUBLIC_URL', () => {
  const sent = withLink(buttonMail(content), content.link);
  expect(sent.html).toContain('Tom &amp; Jerry &lt;Imports&gt;');
  expect(sent.html).toContain('Ada &quot;the admin&quot; invited you.');
  expect(sent.html).not.toContain('<Imports>');
  expect(sent.html).toContain('href="https://parley.example/invite/tok_1?a=1&amp;b=2"');
  expect(sent.text).toContain('Tom & Jerry <Imports>');
  expect(sent.text).toContain('Accept the invitation: https://parley.example/invite/tok_1?a=1&b=2');
  expect(sent.text).toContain('https://parley.example');
  expect(sent.html).toContain('>https://parley.example</a>');
});
