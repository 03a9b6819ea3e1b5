export { bulkLoadStatistics, ensureContactForCustomer, ensureContactsForCustomers, type ImportBatchCounts, importContactBatch } from './contact-intake-service';
export { type ContactColumns, contactMatching, findContactRow } from './contacts-repository';
export { CONTACT_NOT_FOUND, type ContactActor, createContact, onEditableContact, setContactDeleted } from './contacts-service';
export { contactRoutes, contactsByTagRoutes } from './routes';
