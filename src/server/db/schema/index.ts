export * from './organizations';
export * from './sessions';
export * from './contacts';
export * from './whatsapp';
export * from './conversations';
export * from './broadcasts';
export * from './contact-imports';
export * from './canned-responses';
