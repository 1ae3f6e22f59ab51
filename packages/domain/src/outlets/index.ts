export * from './outlet-digests-repository';
