import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    pgTemplate: string;
  }
}

/**
 * Migrates one template database per run: a PGlite data-dir snapshot (each test file loads a copy in
 * well under a second) or, against PostgreSQL, a template database that each file clones.
 */
export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    const name = `voip_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const db = await openPostgres(u.toString(), { max: 1 });
    await db.close();
    project.provide('pgTemplate', name);
    project.provide('pgliteSnapshot', '');
    return async () => {
      const leftovers = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'voip_t\\_${process.pid}\\_%' or datname = $1`,
        [name],
      );
      for (const { datname } of leftovers.rows)
        await admin.query(`drop database if exists ${datname} with (force)`);
      await admin.end();
    };
  }

  const db = await openPglite(undefined);
  const blob = await db.client.dumpDataDir('none');
  await db.close();
  const file = path.join(os.tmpdir(), `voip-pglite-template-${process.pid}-${Date.now()}.tar`);
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  project.provide('pgTemplate', '');
  return () => fs.rmSync(file, { force: true });
}
