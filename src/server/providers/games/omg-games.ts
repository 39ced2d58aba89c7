import { PROVIDER_CODES } from './catalogue';

/**
 * OMG_GAMES: which of our provider codes the OMG aggregator serves and the OMG game id
 * (`gameid` of its game list) each one opens, as `CODE=gameid,CODE=gameid`. Null when malformed.
 */
export function parseOmgGames(text: string): Map<string, string> | null {
  const games = new Map<string, string>();
  for (const item of text.split(',').map((i) => i.trim()).filter(Boolean)) {
    const [code, gameId, ...rest] = item.split('=').map((p) => p.trim());
    if (rest.length > 0 || !code || !gameId || !PROVIDER_CODES.includes(code) || !/^[A-Za-z0-9_-]{1,64}$/.test(gameId) || games.has(code)) return null;
    games.set(code, gameId);
  }
  return games;
}
