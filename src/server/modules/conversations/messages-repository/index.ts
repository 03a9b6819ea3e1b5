/**
 * The messages table's one writer and reader (Drizzle only).
 *
 * Every write here that changes a stored message gives it, in the same statement, the next value of its
 * conversation's counter (`change_seq`), which is what the inbox's poll reads. The caller locks the
 * conversations first (conversations-repository `lockConversations`, in its own statement), so the
 * statement reads the messages as the last writer left them, the values grow in commit order, and
 * writers lock conversations before messages (no deadlock between them).
 */
export * from './messages';
export * from './inbound';
export * from './outbound';
export * from './statuses';
export * from './read-receipts';
