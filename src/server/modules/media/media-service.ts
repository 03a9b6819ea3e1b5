/**
 * Media files' records, for the modules that attach files to messages: an inbound message's file is
 * recorded in the same transaction as the message, an upload's once it is checked, and a deleted
 * file's row goes in the transaction that detaches it from its messages.
 */
export { deleteMediaFileRow, findMediaFile, insertMediaFiles, type MediaFileRow, type NewMediaFile, setMetaMediaId } from './media-files-repository';
