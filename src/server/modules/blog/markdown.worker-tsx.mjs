// The Markdown worker run from the TypeScript sources (tests, `npm run dev`): Node 20 ignores a
// loader given in a Worker's execArgv, so tsx is registered here, then the worker is loaded. The
// built server starts markdown.worker.js directly.
import { register } from 'tsx/esm/api';

register();
await import('./markdown.worker.ts');
