export { whatsappAccountsPlugin } from './accounts-plugin';
export { whatsappSettingsRoutes } from './routes';
export { type WhatsAppAccount, WhatsAppAccounts } from './whatsapp-accounts';
export { findNumberOwner, findOrganizationsByBusinessAccount, findVerifyToken } from './whatsapp-settings-repository';
