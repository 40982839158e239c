import { writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

// Loaded with `node --import` into a child process: records every module it resolves (import and
// require alike) and writes the list to $RECORD_MODULES_TO when the process exits.
const resolved = new Set<string>();
registerHooks({
  resolve(specifier, context, nextResolve) {
    const result = nextResolve(specifier, context);
    resolved.add(result.url);
    return result;
  },
});
process.on('exit', () => {
  writeFileSync(process.env.RECORD_MODULES_TO ?? 'modules.json', JSON.stringify([...resolved]));
});
