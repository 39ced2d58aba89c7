export * from './endpoint';
export * from './errors';
export * from './constants';
export * from './chatLinks';
export * from './money';
export * from './endpoints/index';
export * from './bonusCounting';
export * from './admin/index';
