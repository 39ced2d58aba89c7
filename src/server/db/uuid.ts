/**
 * Our ids' text (any UUID version, either case), checked before a value reaches the database's
 * uuid cast, which would fail on anything else with an error instead of "not found".
 */
export const UUID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
export const UUID = new RegExp(`^${UUID_PATTERN}$`, 'i');
