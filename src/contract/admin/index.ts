export * from './roles';
export * from './schemas';
export * from './endpoints';
export * from './config/index';
export * from './configEndpoints';
export * from './member360';
export * from './reports';
export * from './saferPlay';
