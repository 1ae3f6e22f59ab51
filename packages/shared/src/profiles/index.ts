export * from './profiles-repository';
