/** Set per build by vite.config.ts `define`. */
declare const __LOCALES_VERSION__: string;
