import type { endpoints, ResponseOf } from '../../contract';
import { formatDateTime } from '../format/date';

export type MaintenanceAnswer = ResponseOf<typeof endpoints.lookupMaintenance>;

/** A closure's time for members: DD/MM/YYYY HH:mm in the device's time zone (the SPEC date format without seconds). */
export const closureTime = (iso: string | null): string => (iso ? formatDateTime(iso).slice(0, -3) : '');

/** The key a dismissed notice is remembered by for this tab: a new or moved closure shows again. */
export const noticeKey = (answer: Pick<MaintenanceAnswer, 'closeAt' | 'message'>) => `maintenance-notice:${answer.closeAt ?? ''}:${answer.message ?? ''}`;
