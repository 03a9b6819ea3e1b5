/**
 * A template variable's value, the same for broadcasts and for the chat's template send: fixed text,
 * or a field of the recipient's contact with the text sent to a contact who lacks it. A bare string in
 * a request is fixed text (the payload of before personal parameters keeps working).
 */

/** The contact fields a variable can carry: the business's name, the WhatsApp profile name, the number (E.164). */
export const CONTACT_FIELDS = ['name', 'profileName', 'phoneNumber'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export const CONTACT_FIELD_LABELS: Record<ContactField, string> = {
  name: 'Name',
  profileName: 'WhatsApp profile name',
  phoneNumber: 'Phone number',
};

export interface FixedParameter {
  text: string;
}

export interface ContactFieldParameter {
  field: ContactField;
  /** Sent to a contact without the field; never empty. */
  fallback: string;
}

export type TemplateParameter = FixedParameter | ContactFieldParameter;

/** What a request may carry for one variable. */
export type TemplateParameterInput = string | TemplateParameter;

/** The contact a template's parameters are rendered for. */
export interface ParameterContact {
  name: string | null;
  profileName: string | null;
  /** E.164, e.g. +971501234567. */
  phoneNumber: string;
}
