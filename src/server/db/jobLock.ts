/**
 * Background jobs run once across instances (issue #27 item 8): each run of a job holds a
 * session-level advisory lock on a connection of its own. Another instance's tick finds the lock
 * taken and skips; an instance that dies drops its connection, and PostgreSQL releases the lock
 * with it, so the next tick of a surviving instance takes the job over.
 */
import type pg from 'pg';

/** Runs `run` unless another instance runs the job `job` now; resolves to whether it ran. */
export type RunAlone = (job: string, run: () => Promise<unknown>) => Promise<boolean>;

/** The advisory-lock key space of background jobs (the second key is the hashed job name). */
const JOB_LOCK_SPACE = 7_406_203;

/** One process owns an embedded database: its jobs are alone by construction. */
export const runInProcess: RunAlone = async (_job, run) => {
  await run();
  return true;
};

export function runAloneOn(pool: pg.Pool): RunAlone {
  return async (job, run) => {
    const conn = await pool.connect();
    let locked = false;
    try {
      const { rows } = await conn.query<{ locked: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as locked', [
        JOB_LOCK_SPACE,
        job,
      ]);
      locked = rows[0]?.locked === true;
      if (locked) await run();
      return locked;
    } finally {
      // A failed unlock means the connection is gone, and the lock with it: never pool that connection again.
      const unlocked =
        !locked ||
        (await conn.query('select pg_advisory_unlock($1, hashtext($2))', [JOB_LOCK_SPACE, job]).then(
          () => true,
          () => false,
        ));
      conn.release(!unlocked);
    }
  };
}
