import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../paths.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { sharingModule } from './sharing/sharing.module.ts';
import type { AppContext } from './module.ts';

const modulesDir = path.join(projectRoot, 'src/server/modules');
const moduleDirs = fs
  .readdirSync(modulesDir, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('one module, one plugin', () => {
  it('every module folder has its plugin, and the app registers each one', () => {
    expect(moduleDirs.length).toBeGreaterThan(10);
    for (const dir of moduleDirs) {
      expect(fs.existsSync(path.join(modulesDir, dir, `${dir}.module.ts`)), dir).toBe(true);
      expect(t.app.hasPlugin(dir), dir).toBe(true);
    }
    // The infrastructure the modules share is registered the same way.
    for (const name of ['events', 'polling']) expect(t.app.hasPlugin(name), name).toBe(true);
  });

  it('a module refuses to boot without the modules it names as dependencies', async () => {
    const bare = Fastify();
    const boot = async () => {
      await bare.register(sharingModule, { ctx: {} as AppContext });
      await bare.ready();
    };
    await expect(boot()).rejects.toThrow(/dependency 'auth' of plugin 'sharing' is not registered/);
    await bare.close();
  });

  it('buildApp composes: it declares no route and no hook of a module itself', () => {
    const source = fs.readFileSync(path.join(projectRoot, 'src/server/app.ts'), 'utf8');
    expect(source).not.toMatch(/\bapp\.(get|post|put|patch|delete|route)\(/);
    expect(source).not.toMatch(/\bapp\.decorate\('(?!routesList|background)/);
    expect(source).not.toMatch(/addHook\('(onClose|preClose)'/);
  });

  it('each module adds its own background work, and main.ts starts it all without naming any', () => {
    expect(t.app.background.names()).toEqual([
      'analytics retention',
      'link search backfill',
      'poller',
      'webhook deliveries',
      'webhook log retention',
      'webhook expiry events',
      'dead link events',
      'expiry digests',
      'telegram bot',
    ]);
    const main = fs.readFileSync(path.join(projectRoot, 'src/server/main.ts'), 'utf8');
    expect(main).toMatch(/app\.background\.start\(\)/);
    expect(main).not.toMatch(/\.(poller|deliveries|webhook\w+|\w*Retention)\.start\(/);
  });
});
