export * from './robots-txt';
export * from './run-attribution';
