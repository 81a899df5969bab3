// The config file looked for in the working folder when --config is not given.
export const DEFAULT_CONFIG_FILE = 'tallyport.config.json';
