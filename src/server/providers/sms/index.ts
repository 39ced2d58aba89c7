export type { SmsMessage, SmsSender } from './sms';
export { SmsFailure } from './sms';
export { HttpSmsGateway } from './http-gateway';
export { ThaiBulkSmsGateway } from './thaibulksms';
export { AntsSmsGateway } from './ants';
