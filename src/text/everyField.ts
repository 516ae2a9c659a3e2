/**
 * A value's type with every field present, though any may be undefined. An object literal that
 * lists each field to keep one shape `satisfies` it, so a field later added to the type is an
 * error where the literal is built rather than a field silently left out.
 */
export type EveryField<T> = { [K in keyof Required<T>]: T[K] | undefined };
