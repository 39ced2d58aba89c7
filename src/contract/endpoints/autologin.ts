import { z } from 'zod';
import { endpoint } from '../endpoint';

/**
 * Launch links of the game providers with their own login handler. The spec puts the game
 * account's credentials in the path; they must be the caller's own (the server checks).
 */
const tag = 'autoLogin';

const credential = z.string().min(1).max(100);
const byUsername = z.object({ username: credential });
const byUsernameAndPassword = z.object({ username: credential, password: credential });
const link = z.object({ link: z.string() });

export const autoLoginPg = endpoint({
  method: 'GET', path: '/api/autoLogin/pg/:username', access: 'member', tag,
  summary: 'Launch link for PG', params: byUsername, response: link,
});
export const autoLoginBetflix = endpoint({
  method: 'GET', path: '/api/autoLogin/betflix/:username', access: 'member', tag,
  summary: 'Launch link for BETFLIX', params: byUsername, response: link,
});
export const autoLoginAskmebet = endpoint({
  method: 'GET', path: '/api/autoLogin/askmebet/:username/:password', access: 'member', tag,
  summary: 'Launch link for ASKMEBET', params: byUsernameAndPassword, response: link,
});
export const autoLoginImi = endpoint({
  method: 'GET', path: '/api/autoLogin/imi/:username/:password', access: 'member', tag,
  summary: 'Launch link for IMI', params: byUsernameAndPassword, response: link,
});
export const autoLoginUsun = endpoint({
  method: 'GET', path: '/api/autoLogin/usun/:username/:password', access: 'member', tag,
  summary: 'Launch link for USUN', params: byUsernameAndPassword, response: link,
});
export const autoLoginAreaslot = endpoint({
  method: 'GET', path: '/api/autoLogin/areaslot/:username', access: 'member', tag,
  summary: 'Launch link for AREASLOT', params: byUsername, response: link,
});
export const autoLoginCircus = endpoint({
  method: 'GET', path: '/api/autoLogin/circus/:username/:password', access: 'member', tag,
  summary: 'Launch link for CIRCUS', params: byUsernameAndPassword, response: link,
});
export const autoLoginSlotracha = endpoint({
  method: 'GET', path: '/api/autoLogin/slotracha/:username/:password', access: 'member', tag,
  summary: 'Launch link for SLOTRACHA', params: byUsernameAndPassword, response: link,
});
export const autoLoginPgslot = endpoint({
  method: 'GET', path: '/api/autoLogin/pgslot/:username/:password', access: 'member', tag,
  summary: 'Launch link for PGSLOT', params: byUsernameAndPassword, response: link,
});
export const autoLoginJoker2 = endpoint({
  method: 'GET', path: '/api/autoLogin/joker2/:username', access: 'member', tag,
  summary: 'Launch link for JOKER2', params: byUsername, response: link,
});
export const autoLoginHuayhd = endpoint({
  method: 'GET', path: '/api/autoLogin/huayhd/:username', access: 'member', tag,
  summary: 'Launch link for HUAYHD', params: byUsername, response: link,
});

export const autoLoginEndpoints = {
  autoLoginPg,
  autoLoginBetflix,
  autoLoginAskmebet,
  autoLoginImi,
  autoLoginUsun,
  autoLoginAreaslot,
  autoLoginCircus,
  autoLoginSlotracha,
  autoLoginPgslot,
  autoLoginJoker2,
  autoLoginHuayhd,
};
