/** A value's type with every array, tuple and object below it read-only: what a parsed schema hands out. */
export type DeepReadonly<T> = T extends object ? { readonly [K in keyof T]: DeepReadonly<T[K]> } : T;
