export * from './set-publisher-verified';
