export * from './recheck-records';
export * from './rechecks';
