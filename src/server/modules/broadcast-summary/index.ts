/** The broadcast summary module's public face: what the broadcasts, conversations, automation and dispatch code use. */
export {
  broadcastButtonPresses, broadcastFailures, broadcastFigures, type BroadcastFigures, countQueuedRecipients, foldSummaryChanges, forgetBroadcastSummary,
  NO_FIGURES, noteButtonPress, noteChangesAcrossOrganizations, noteInboundMessages, noteMessageStatuses, noteRecipientChanges, reconcileSummaries, type ReconcileOptions,
} from './broadcast-summary-service';
export { messageDelivered, messageRead, REPLIED_AT } from './recipient-figures';
