/** The broadcast_recipients table's one writer (Drizzle only), in two parts: the broadcasts API's and the dispatcher's. */
export * from './audience-and-listing';
export * from './audience-sample';
export * from './dispatch';
export * from './audience-opt-out';
export * from './unconfirmed';
