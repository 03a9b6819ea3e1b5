/**
 * The timeline's words for what happens to a contact, the same whichever way it happens: added in the
 * modal, written in from WhatsApp or imported from a CSV file. Each is recorded in the transaction of
 * the change itself.
 */
export const CONTACT_ACTIVITY = {
  created: 'Contact created',
  createdFromWhatsApp: 'Contact created from a WhatsApp message',
  deleted: 'Contact deleted',
  restored: 'Contact restored',
  imported: ({ fileName, tagName }: ImportSource) => `Imported from ${fileName} with tag "${tagName}"`,
  updatedByImport: ({ fileName, tagName }: ImportSource) => `Updated by an import from ${fileName} with tag "${tagName}"`,
} as const;

/** Where imported contacts came from: the file and the tag the import put on them. */
export interface ImportSource {
  fileName: string;
  tagName: string;
}
