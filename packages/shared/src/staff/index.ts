export * from './staff-repository';
