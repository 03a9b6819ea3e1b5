/**
 * The channel conversations' changes are announced on: by a trigger on the conversations table
 * (migration 0016), and by a thread note for the members it mentions. The live module listens on it.
 */
export const NUDGE_CHANNEL = 'parley_nudges';
