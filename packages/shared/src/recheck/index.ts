export * from './recheck-records';
