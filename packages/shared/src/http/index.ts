/**
 * @byline/shared/http: the Express layer the services share (request context, body parsing, errors, rate
 * limiting, metrics, OpenAPI) and the service app and runner.
 */
export * from './api-error';
export * from './request-context';
export * from './body-parsing';
export * from './validate';
export * from './send-json-text';
export * from './verification-handler';
export * from './validate-batch';
export * from './batch-verification-handler';
export * from './authenticate';
export * from './error-handler';
export * from './ops-routes';
export * from './metrics';
export * from './openapi';
export * from '../service/service-app';
export * from '../service/verification-gate';
export * from '../service/run-service';
export * from './rate-limit-counter';
export * from './rate-limit-headers';
export * from './rate-limit';
export * from './rate-limit-setup';
export * from './counter-store';
export * from './auth-failure-throttle';
export * from './client-address';
export * from '../service/web-concurrency';
export * from './client-errors';
export * from '../cors/cors-headers';
export * from './redis-breaker';
