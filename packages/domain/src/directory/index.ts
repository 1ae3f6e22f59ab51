export * from './directory-repository';
export * from './directory-states';
export * from './directory-over';
export * from './stored-directory';
