/**
 * The scheduled backup's retention: each run writes a complete backup folder and deletes the oldest
 * beyond BACKUP_KEEP, never touching anything else in the folder; a run that fails leaves no half
 * backup behind.
 */
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openDatabase, pgliteDir } from '../src/db/client.ts';
import { PID_FILE } from '../src/ops/backup.ts';
import { listBackups, scheduledBackup } from '../src/ops/shop-backup.ts';
import { localStorage } from '../src/platform/storage.ts';

describe('scheduled backups', () => {
  it('keeps the newest BACKUP_KEEP backups and leaves other files alone', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'meatshop-schedule-'));
    const database = await openDatabase({ dataDir: pgliteDir(dataDir), pgliteWorker: false });
    await database.close();
    const storage = localStorage(path.join(dataDir, 'uploads'));
    await storage.put('product-images/a.webp', Buffer.from('RIFF....WEBP'), 'image/webp');
    const config = loadConfig({ DATA_DIR: dataDir, BACKUP_KEEP: '2' });
    expect(config.backupDir).toBe(path.join(dataDir, 'backups'));
    mkdirSync(config.backupDir);
    writeFileSync(path.join(config.backupDir, 'notes.txt'), 'kept by the operator');
    const target = { pgliteDir: pgliteDir(dataDir) };

    const made = [];
    for (let i = 0; i < 4; i++) made.push(await scheduledBackup(target, storage, config.backupDir, config.BACKUP_KEEP));
    expect(made.map((m) => m.removed.length)).toEqual([0, 0, 1, 1]);
    expect(made[2]!.removed).toEqual([made[0]!.dir]);
    expect(await listBackups(config.backupDir)).toEqual([made[2]!.dir, made[3]!.dir]);
    expect(readdirSync(config.backupDir)).toContain('notes.txt');
    expect(readdirSync(path.join(made[3]!.dir, 'uploads', 'product-images'))).toEqual(['a.webp']);

    // A run that cannot back up the database (a server has it open) leaves nothing behind.
    writeFileSync(path.join(dataDir, PID_FILE), String(process.ppid));
    await expect(scheduledBackup(target, storage, config.backupDir, config.BACKUP_KEEP)).rejects.toThrow(/Stop it first/);
    expect(readdirSync(config.backupDir).sort()).toEqual([path.basename(made[2]!.dir), path.basename(made[3]!.dir), 'notes.txt'].sort());
  }, 120_000);
});
