export * from './backend';
export * from './open-backend';
export * from './service-repositories';
export * from './lazily';
