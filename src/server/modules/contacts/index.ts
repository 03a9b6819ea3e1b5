/** The contacts module's public face: what other modules, app.ts and the seed may use. */
export { bulkLoadStatistics, ensureContactForCustomer, ensureContactsForCustomers, type ImportBatchCounts, importContactBatch } from './contact-intake-service';
export { CONTACT_NOT_FOUND, type ContactActor, type ContactColumns, contactMatching, createContact, findContactRow, onEditableContact, setContactDeleted } from './contacts-service';
export { contactRoutes, contactsByTagRoutes } from './routes';
export { clearContactOptOut, customersByWaId, optedOutContacts, optOutContacts, resumeContacts } from './contact-opt-out-service';
