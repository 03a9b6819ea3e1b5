/** The mail module's public face: other modules queue mail through these. */
export { mailPlugin, type Mailer } from './mail-plugin';
export { isMailConfigured, queueMail, type QueuedMail } from './mail-service';
export { buttonMail, escapeHtml, LINK_PLACEHOLDER, type ButtonMailContent, type MailBodies } from './mail-template';
