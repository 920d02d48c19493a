/** The domain services, created once from the configuration and reached by routes as `ctx.services.<area>`. */
import type { Clock } from '../shared/clock.js';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { builtInDesk, intercomDesk } from './domain/support/supportDesk.js';
import { createSupportService } from './domain/support/supportService.js';

export function createServices({ db, clock, config }: { db: Db; clock: Clock; config: Config }) {
  const { token, baseUrl, devMode } = config.supportDesk;
  return {
    support: createSupportService({ db, clock, devMode, desk: token ? intercomDesk({ token, baseUrl }) : builtInDesk }),
  };
}

export type Services = ReturnType<typeof createServices>;
