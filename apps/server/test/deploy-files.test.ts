/**
 * The container files cannot be built here (no image registry), so their promises are checked as
 * text: the image runs the built server on the Node LTS that .nvmrc and engines name, as a non-root
 * user with NODE_ENV=production, from production dependencies and built files only; compose.yaml
 * runs two instances of that image on PostgreSQL and the S3 store behind Caddy with TLS, migrating
 * (and seeding the demo) before either starts, and sets only settings the server knows.
 * `.ci/run`'s build and the restore drill prove the same steps as processes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EnvSchema, loadConfig } from '../src/config.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (name: string) => readFileSync(path.join(root, name), 'utf8');

interface Stage {
  from: string;
  name: string;
  lines: string[];
}

/** The Dockerfile's stages with their instructions (continuation lines joined). */
function stages(): Stage[] {
  const text = read('Dockerfile').replace(/\\\n\s*/g, ' ');
  const args = Object.fromEntries([...text.matchAll(/^ARG (\w+)=(\S+)/gm)].map((m) => [m[1], m[2]]));
  const out: Stage[] = [];
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (!line || line.startsWith('#')) continue;
    const from = /^FROM (\S+) AS (\S+)$/.exec(line);
    if (from) out.push({ from: from[1]!.replace(/\$\{(\w+)\}/, (_, k) => args[k]), name: from[2]!, lines: [] });
    else out.at(-1)?.lines.push(line);
  }
  return out;
}

/** A stage's instructions, its parents' included (FROM another stage). */
function effective(name: string): string[] {
  const all = stages();
  const stage = all.find((s) => s.name === name)!;
  const parent = all.find((s) => s.name === stage.from);
  return [...(parent ? effective(parent.name) : []), ...stage.lines];
}

const nodeMajor = read('.nvmrc').trim();

describe('Dockerfile', () => {
  const all = stages();
  const server = all.at(-1)!;

  it('builds on the Node LTS of .nvmrc and engines, in a slim image', () => {
    expect(nodeMajor).toMatch(/^\d+$/);
    expect(JSON.parse(read('package.json')).engines.node).toMatch(new RegExp(`^>=${nodeMajor}\\.`));
    for (const s of all.filter((s) => !all.some((p) => p.name === s.from))) expect(s.from).toBe(`node:${nodeMajor}-trixie-slim`);
  });

  it('runs the built server by default, as a non-root user, with NODE_ENV=production', () => {
    expect(server.name).toBe('server');
    const lines = effective('server');
    expect(lines.filter((l) => l.startsWith('USER')).at(-1)).toBe('USER node');
    expect(lines.filter((l) => l.startsWith('CMD')).at(-1)).toBe('CMD ["node", "dist/main.mjs"]');
    expect(lines.find((l) => l.startsWith('ENV'))).toMatch(/NODE_ENV=production/);
    expect(lines).toContain('WORKDIR /app/apps/server');
  });

  it('holds production dependencies and built files only', () => {
    expect(all.find((s) => s.name === 'deps')!.lines).toContain('RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force');
    const copies = effective('server').filter((l) => l.startsWith('COPY'));
    expect(copies.every((l) => l.startsWith('COPY --from='))).toBe(true);
    const fromBuild = copies.filter((l) => l.startsWith('COPY --from=build')).map((l) => l.split(' ')[2]);
    expect(fromBuild.sort()).toEqual(['/app/apps/server/dist', '/app/apps/server/drizzle', '/app/apps/web/dist', '/app/apps/web/dist-ssr']);
    // What the build writes there: scripts/build.mjs's entries and the web build's two outputs.
    const build = readFileSync(path.join(root, 'apps/server/scripts/build.mjs'), 'utf8');
    for (const entry of ['main', 'db-cli', 'backup-cli', 'seed-cli']) expect(build).toMatch(new RegExp(`'?${entry}'?: 'src/`));
    expect(JSON.parse(read('apps/web/package.json')).scripts.build).toContain('--outDir dist-ssr');
  });

  it('the backup stage adds the PostgreSQL client and runs the scheduled backup', () => {
    const lines = effective('backup');
    expect(lines.join('\n')).toContain('postgresql-client');
    expect(lines.filter((l) => l.startsWith('CMD')).at(-1)).toBe('CMD ["node", "dist/backup-cli.mjs", "backup", "--schedule"]');
    expect(lines.filter((l) => l.startsWith('USER')).at(-1)).toBe('USER node');
  });

  it('.dockerignore keeps installed and built files, data and secrets out of the build', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const p of ['**/node_modules', '**/dist', '**/dist-ssr', '**/data', '.env', '.git']) expect(ignored).toContain(p);
  });
});

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as {
    services: Record<
      string,
      Record<string, unknown> & { environment?: Record<string, string>; depends_on?: Record<string, { condition: string }> }
    >;
  };
  const s = compose.services;

  it('runs PostgreSQL, MinIO, two shop instances of one image, and Caddy publishing HTTPS', () => {
    expect(Object.keys(s).sort()).toEqual(['backup', 'bucket', 'caddy', 'migrate', 'minio', 'postgres', 'shop-1', 'shop-2']);
    expect(s['shop-1']).toEqual(s['shop-2']);
    expect(s['shop-1']!.build).toEqual({ context: '.', target: 'server' });
    expect(s.caddy!.ports).toContain('443:443');
    expect(s.caddy!.depends_on).toEqual({ 'shop-1': { condition: 'service_healthy' }, 'shop-2': { condition: 'service_healthy' } });
    const caddyfile = read('deploy/Caddyfile');
    expect(caddyfile).toMatch(/reverse_proxy shop-1:3000 shop-2:3000/);
    expect(caddyfile).toMatch(/tls internal/);
  });

  it('the instances share the database and the bucket, behind the proxy, at an https address', () => {
    const env = s['shop-1']!.environment!;
    expect(env.DATABASE_URL).toMatch(/@postgres:5432\//);
    expect(env.S3_ENDPOINT).toBe('http://minio:9000');
    expect(env.S3_BUCKET).toBeTruthy();
    expect(env.PUBLIC_URL).toMatch(/^https:\/\//);
    expect(env.TRUST_PROXY).toBe('true');
  });

  it('migrates and seeds the demo once, before either instance starts', () => {
    expect(s['shop-1']!.environment!.MIGRATE_ON_START).toBe('false');
    expect(s['shop-1']!.environment!.SEED_DEMO).toBe('false');
    expect(s['shop-1']!.depends_on!.migrate).toEqual({ condition: 'service_completed_successfully' });
    expect(String((s.migrate!.command as string[]).join(' '))).toMatch(/dist\/db-cli\.mjs migrate .*dist\/seed-cli\.mjs/);
    expect(s.migrate!.environment!.SEED_DEMO).toMatch(/true/);
  });

  /** A service's environment as `docker compose up` with no .env gives it: the image's ENV, then its own with defaults filled in. */
  function environmentOf(name: string): Record<string, string> {
    const env = effective('server')
      .filter((l) => l.startsWith('ENV '))
      .flatMap((l) => [...l.slice(4).matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1]!, m[2]!] as const));
    const own = Object.entries(s[name]!.environment!).map(
      ([k, v]) => [k, String(v).replace(/\$\{\w+(?::-([^}]*))?\}/g, (_, fallback: string | undefined) => fallback ?? '')] as const,
    );
    return Object.fromEntries([...env, ...own]);
  }

  it('gives each shop process a configuration the server accepts: live, on PostgreSQL and the bucket, at an https address', () => {
    for (const name of ['shop-1', 'migrate', 'backup']) {
      const config = loadConfig(environmentOf(name));
      expect(config.production, name).toBe(true);
      expect(config.DATABASE_URL, name).toMatch(/^postgres:\/\/meatshop:[^@]+@postgres:5432\/meatshop$/);
      expect(config.s3, name).toMatchObject({ endpoint: 'http://minio:9000', bucket: 'meatshop', forcePathStyle: true });
      expect(config.secureCookies, name).toBe(true);
      expect(config.logFormat, name).toBe('json');
    }
    expect(loadConfig(environmentOf('shop-1')).migrateOnStart).toBe(false);
    expect(loadConfig(environmentOf('migrate')).seedDemo).toBe(true);
    // The bucket the one-shot step creates is the one the shop uses.
    expect((s.bucket!.command as string[]).join(' ')).toContain(`store/${loadConfig(environmentOf('shop-1')).S3_BUCKET}`);
  });

  it('waits only on services that say when they are ready, and probes the shop where it answers', () => {
    const imageHealth = (target: string) =>
      effective(target)
        .filter((l) => l.startsWith('HEALTHCHECK'))
        .at(-1);
    for (const [name, service] of Object.entries(s)) {
      for (const [dep, { condition }] of Object.entries(service.depends_on ?? {})) {
        const target = s[dep]!;
        if (condition === 'service_healthy') {
          const build = target.build as { target: string } | undefined;
          const probed =
            target.healthcheck ?? (build && imageHealth(build.target) !== 'HEALTHCHECK NONE' ? imageHealth(build.target) : undefined);
          expect(probed, `${name} waits for ${dep} to be healthy`).toBeTruthy();
        } else {
          expect(condition, `${name} → ${dep}`).toBe('service_completed_successfully');
          expect(target.restart ?? 'no', `${dep} runs once`).toBe('no');
        }
      }
    }
    // The image's probe and Caddy's both ask the readiness probe, which answers 503 while draining.
    expect(imageHealth('server')).toContain("/api/health'");
    expect(read('deploy/Caddyfile')).toMatch(/health_uri \/api\/health\n/);
  });

  it('sets only settings the server reads', () => {
    const known = new Set(Object.keys(EnvSchema.shape));
    for (const name of ['shop-1', 'migrate', 'backup']) {
      for (const key of Object.keys(s[name]!.environment!)) expect(known, `${name}: ${key}`).toContain(key);
    }
  });
});
