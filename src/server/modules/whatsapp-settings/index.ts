/** The whatsapp-settings module's public face: what other modules, app.ts and the seed may use. */
export { whatsappAccountsPlugin } from './accounts-plugin';
export { whatsappSettingsRoutes } from './routes';
export { type WhatsAppAccount, WhatsAppAccounts } from './whatsapp-accounts';
export { findNumberOwner, findOrganizationsByBusinessAccount, findVerifyToken } from './whatsapp-settings-service';
