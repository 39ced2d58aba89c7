export { call, fillPath, http, newIdempotencyKey, type CallOptions } from './call';
export { ApiError, CLIENT_ERROR_CODES, errorCodeOf, errorText, isApiError, isPendingAnswer } from './errors';
export { onApiNavigation, type ApiNavigationTarget } from './navigation';
export { endpoints } from '../../contract';
