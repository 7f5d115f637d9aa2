/**
 * A transaction's last statements sent with its COMMIT: values survive being written in as literals,
 * a statement that raises leaves nothing of the transaction behind and stops the ones after it, and
 * on the PostgreSQL server the rows are committed (and their locks released) before the app reads
 * the answer. Writes a transaction holds back go out with it, before its own statements, and are
 * dropped with it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitWith, holdWritesUntilCommit, writeAtCommit } from '../../src/db/commit-with.ts';
import { pgErrorCode } from '../../src/platform/errors.ts';
import { type TestContext, createTestApp, drivers } from '../helpers.ts';

describe.each(drivers)('commitWith on %s', (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(driver);
    await t.database.db.execute(sql`CREATE TABLE commit_probe (name text PRIMARY KEY)`);
  });
  afterAll(async () => {
    await t?.close();
  });
  const names = async () =>
    ((await t.database.db.execute(sql`SELECT name FROM commit_probe ORDER BY name`)) as unknown as { rows: { name: string }[] }).rows.map(
      (r) => r.name,
    );

  it('keeps quotes, backslashes, non-Latin letters, numbers and NULL as they were', async () => {
    const tricky = `O'Brien \\ "ŋ" $1 ');DROP TABLE commit_probe;--`;
    const [rows] = await t.database.db.transaction((tx) =>
      commitWith(tx, [sql`SELECT ${tricky}::text AS s, ${null}::text AS n, ${42.5}::numeric AS k, ${true}::boolean AS b`]),
    );
    expect(rows![0]).toMatchObject({ s: tricky, n: null, b: true });
    expect(Number(rows![0]!.k)).toBe(42.5);
    expect(await names()).toEqual([]);
  });

  it('commits what came before and the statements given, in order', async () => {
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO commit_probe VALUES ('a')`);
      await commitWith(tx, [sql`INSERT INTO commit_probe VALUES (${'b'})`, sql`INSERT INTO commit_probe VALUES (${'c'})`]);
    });
    expect(await names()).toEqual(['a', 'b', 'c']);
  });

  it('leaves nothing behind when a statement raises, and runs none after it', async () => {
    await t.database.db.execute(sql`DELETE FROM commit_probe`);
    const attempt = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO commit_probe VALUES ('before')`);
      await commitWith(tx, [
        sql`INSERT INTO commit_probe VALUES ('first')`,
        sql`SELECT take_coupon_use(${'NO-SUCH-COUPON'})`,
        sql`INSERT INTO commit_probe VALUES ('after')`,
      ]);
    });
    const err = await attempt.catch((e: unknown) => e);
    expect(pgErrorCode(err)).toBe('MS003');
    expect(await names()).toEqual([]);
    // The connection is usable again.
    await t.database.db.transaction((tx) => commitWith(tx, [sql`INSERT INTO commit_probe VALUES ('later')`]));
    expect(await names()).toEqual(['later']);
  });

  it('sends held writes with the COMMIT, before the statements given, and drops them on a rollback', async () => {
    await t.database.db.execute(sql`DELETE FROM commit_probe`);
    let seenBeforeCommit: string[] = ['not read'];
    await t.database.db.transaction(async (tx) => {
      holdWritesUntilCommit(tx);
      await writeAtCommit(tx, sql`INSERT INTO commit_probe VALUES (${'held'})`);
      // Not sent yet: the transaction itself does not see it.
      seenBeforeCommit = ((await tx.execute(sql`SELECT name FROM commit_probe`)) as unknown as { rows: { name: string }[] }).rows.map(
        (r) => r.name,
      );
      const [rows] = await commitWith(tx, [sql`SELECT count(*)::int AS n FROM commit_probe`]);
      // The answers are the given statements' own: the held insert ran first.
      expect(rows![0]).toEqual({ n: 1 });
    });
    expect(seenBeforeCommit).toEqual([]);
    expect(await names()).toEqual(['held']);

    const attempt = t.database.db.transaction(async (tx) => {
      holdWritesUntilCommit(tx);
      await writeAtCommit(tx, sql`INSERT INTO commit_probe VALUES ('dropped')`);
      await commitWith(tx, [sql`SELECT take_coupon_use(${'NO-SUCH-COUPON'})`]);
    });
    expect(pgErrorCode(await attempt.catch((e: unknown) => e))).toBe('MS003');
    expect(await names()).toEqual(['held']);

    // Without holding, a write goes out at once.
    await t.database.db.transaction(async (tx) => {
      await writeAtCommit(tx, sql`INSERT INTO commit_probe VALUES ('at once')`);
      const seen = ((await tx.execute(sql`SELECT name FROM commit_probe ORDER BY name`)) as unknown as { rows: { name: string }[] }).rows;
      expect(seen.map((r) => r.name)).toEqual(['at once', 'held']);
    });
  });

  it.runIf(driver === 'postgres')('has committed when it returns, before the transaction callback ends', async () => {
    await t.database.db.execute(sql`DELETE FROM commit_probe`);
    let seenByOthers: string[] = [];
    await t.database.db.transaction(async (tx) => {
      await commitWith(tx, [sql`INSERT INTO commit_probe VALUES ('now')`]);
      // Another connection of the pool already sees it: the row's locks are no longer held.
      seenByOthers = await names();
    });
    expect(seenByOthers).toEqual(['now']);
  });
});
