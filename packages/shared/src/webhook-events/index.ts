export * from './webhook-event';
export * from './sqlite-outbox';
export * from './mongo-outbox';
export * from './erased-journalist';
