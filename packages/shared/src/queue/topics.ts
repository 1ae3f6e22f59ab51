/**
 * The queue's topics, named here rather than beside their users because the store's data steps (which move
 * older records onto the queue) need them too, and the store must not import the code that works on them.
 */

/** Network sign-ins in progress: one item per attempt, keyed by the hash of its `state`. */
export const PROOF_ATTEMPT_TOPIC = 'proof-attempt';
