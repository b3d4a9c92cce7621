/**
 * The entry of `npm run shards:split` and `shards:move`: the Functions' modules import each other without file
 * extensions (as their bundler resolves them), so Node is taught to try `.ts` for a relative import it cannot find;
 * then the command runs (cli.ts).
 */
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, next) {
    try {
      return next(specifier, context);
    } catch (err) {
      const relative = /^\.\.?\//.test(specifier) && !/\.[cm]?[jt]sx?$/.test(specifier);
      if (relative && (err as { code?: string }).code === 'ERR_MODULE_NOT_FOUND')
        return next(`${specifier}.ts`, context);
      throw err;
    }
  },
});

await import('./cli.ts');
