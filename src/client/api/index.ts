export { call, fillPath, newIdempotencyKey, type CallOptions } from './call';
export { ApiError, CLIENT_ERROR_CODES, errorCodeOf, errorText, isApiError, isPendingAnswer } from './errors';
export { http } from './http';
export { onApiNavigation, type ApiNavigationTarget } from './navigation';
export { endpoints } from '../../contract';
