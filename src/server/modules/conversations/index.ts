export { findOrCreateConversation, updateConversationState } from './conversations-repository';
export { assignByAutomation } from './conversations-service';
export { DELIVERY_RANK, DELIVERY_STATUSES, type DeliveryStatus, type StatusUpdate } from './delivery-status';
export { type InboundMedia, type InboundMessage, storeInboundMessages, type StoredMessageType } from './inbound-service';
export { mediaRoutes } from './media-routes';
export { countInboundAfter, findMessageByWamid, lastOutboundSeq, markInboundReadBefore, type MessageRow, setMessageMedia } from './messages-repository';
export { applyStatuses, attachWamid, expirePendingStatuses, lockOutboundMessages, recordOutboundMessage, recordOutboundOutcomes, storeOutboundBatch } from './messages-service';
export { conversationRoutes } from './routes';
