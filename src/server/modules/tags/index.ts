/** The tags module's public face: what other modules, app.ts and the seed may use. */
export { tagRoutes } from './routes';
export { attachTags, carriesAnyTag, contactTagList, createTag, detachTags, ensureImportTag, getTag, liveTagsAmong, setTagDeleted, TAG_NOT_FOUND, tagContacts, type TagRef, tagsOfContact } from './tags-service';
