/** Sets an own property even for a key such as "__proto__" (keys come from untrusted documents and member ids). */
export function setOwn(obj: object, key: string, value: unknown): void {
  // only "__proto__" has a setter on Object.prototype; a plain assignment of any other key makes an own property
  if (key !== '__proto__') (obj as Record<string, unknown>)[key] = value;
  else Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/** True when `key` is the object's own property (never an inherited name such as "toString" or "__proto__"). */
export function hasOwnKey(obj: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

/** The value of an own property, or undefined: a table lookup that user keys cannot steer to Object.prototype. */
export function ownValue<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
}
