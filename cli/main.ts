#!/usr/bin/env node
import { runCli } from './program.js';

// A reader that stops early (`simlab outline ... | head`) is not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

await runCli(process.argv);
