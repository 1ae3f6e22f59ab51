export * from './webhooks-repository';
export * from './webhook-endpoints-repository';
export * from './webhook-deliveries-repository';
