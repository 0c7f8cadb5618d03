import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root (the folder holding package.json), the same from src/ (tsx) and dist/ (built). */
export const projectRoot = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('package.json not found above ' + import.meta.url);
    dir = up;
  }
  return dir;
})();

export const migrationsFolder = path.join(projectRoot, 'src/server/db/migrations');
export const clientDistDir = path.join(projectRoot, 'dist/client');
