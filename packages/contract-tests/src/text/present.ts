// Options and results leave a field out rather than set it to nothing: the
// fields given, to spread into such an object.

/** The fields of `fields` that are set: neither undefined nor empty text (0 and false are set). */
export const present = <T extends object>(fields: T): { [K in keyof T]?: Exclude<T[K], undefined> } =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value !== '')) as never;
