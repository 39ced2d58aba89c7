/**
 * What a refused call says beside its code, as the machines keep it (issue 31): a safer-play
 * restriction's end (`until`, null: for good) and what a limit still allows (`remaining`). The
 * app's ApiError carries them as `details`; anything else carries none.
 */
export interface RefusalDetails {
  until?: string | null;
  remaining?: number;
}

export const refusalDetailsOf = (error: unknown): RefusalDetails => {
  if (!error || typeof error !== 'object' || !('details' in error)) return {};
  const { details } = error as { details: unknown };
  if (!details || typeof details !== 'object') return {};
  const { until, remaining } = details as Record<string, unknown>;
  return {
    ...(typeof until === 'string' || until === null ? { until } : {}),
    ...(typeof remaining === 'number' && Number.isFinite(remaining) ? { remaining } : {}),
  };
};
