export * from './webhooks-repository';
