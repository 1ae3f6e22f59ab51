export * from './backend';
export * from './open-backend';
