/** The conversations module's public face: what other modules, app.ts and the seed may use. */
export { assignByAutomation, findOrCreateConversation, statusCounts, updateConversationState } from './conversations-service';
export { DELIVERY_RANK, DELIVERY_STATUSES, type DeliveryStatus, type StatusUpdate } from './delivery-status';
export { type InboundMessage, storeInboundMessages } from './inbound-service';
export { mediaRoutes } from './media-routes';
export { applyStatuses, attachWamid, countInboundAfter, expirePendingStatuses, findMessageByWamid, lastOutboundSeq, lockOutboundMessages, markInboundReadBefore, type MessageRow, recordOutboundMessage, recordOutboundOutcomes, setMessageMedia, storeOutboundBatch } from './message-delivery-service';
export { readReceiptsPlugin } from './read-receipts-plugin';
export { conversationRoutes } from './routes';
export { type Viewer, viewerOf, visibleConversations } from './viewer';
export { customersMessagedInLastDay } from './messaged-customers-service';
