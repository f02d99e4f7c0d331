#!/usr/bin/env node
// The sgp CLI: runs the TypeScript sources through tsx's loader, so the CLI and the browser share one core.
import { register } from 'tsx/esm/api';
register();
await import('../src/cli/main.ts');
