import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { Agreements } from './agreements';
import { Login } from './login';
import { PasswordReset } from './password-reset';
import { Profiles } from './profile';
import { Registration } from './registration';
import { registerAccountRoutes, type AccountServices } from './routes';

/** Login, registration (over the OTP module), profile, password (its change and its reset) and agreement, and their routes. */
export function setupAccount(app: FastifyInstance, ctx: AppContext): AccountServices {
  const country = ctx.config.COUNTRY;
  const services: AccountServices = {
    login: new Login({ db: ctx.db, country, sessions: ctx.sessions, throttle: ctx.throttle, clock: ctx.clock, passwords: ctx.passwords }),
    registration: new Registration({ db: ctx.db, country, lookups: ctx.lookups, otp: ctx.otp, passwords: ctx.passwords }),
    profiles: new Profiles({ db: ctx.db, lookups: ctx.lookups, settings: ctx.settings, sessions: ctx.sessions, throttle: ctx.throttle, clock: ctx.clock, passwords: ctx.passwords }),
    agreements: new Agreements({ db: ctx.db, lookups: ctx.lookups }),
    passwordReset: new PasswordReset({ db: ctx.db, country, codes: ctx.resetCodes, sessions: ctx.sessions, passwords: ctx.passwords, clock: ctx.clock }),
  };
  registerAccountRoutes(app, ctx, services);
  return services;
}
