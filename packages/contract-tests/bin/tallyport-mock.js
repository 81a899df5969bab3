#!/usr/bin/env node
// The `tallyport-mock` command. Committed (dist/ is not), so that pnpm can link the command on a fresh
// install before anything is built, without a warning; it runs the built CLI.
import '../dist/mock-cli.js';
