import { PAGINATION_RANGE } from '../../contract';

/** How many pages `total` rows fill at `pageSize` a page; at least one. */
export const pageCount = (total: number, pageSize: number): number => Math.max(1, Math.ceil(Math.max(0, total) / pageSize));

/**
 * The page buttons around the current page (SPEC section 9: 3 before and 1 after), inside
 * 1..pages. `current` outside that range is brought inside first.
 */
export const pageRange = (
  current: number,
  pages: number,
  range: { before: number; after: number } = PAGINATION_RANGE,
): number[] => {
  const last = Math.max(1, Math.floor(pages));
  const page = Math.min(Math.max(1, Math.floor(current)), last);
  const first = Math.max(1, page - range.before);
  const end = Math.min(last, page + range.after);
  return Array.from({ length: end - first + 1 }, (_, i) => first + i);
};
