export { attachTags, carriesAnyTag, contactTagList, detachTags, liveTagsAmong, tagContacts, type TagRef, tagsOfContact } from './contact-tags-repository';
export { tagRoutes } from './routes';
export { createTag, ensureImportTag, getTag, setTagDeleted, TAG_NOT_FOUND } from './tags-service';
