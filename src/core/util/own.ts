/** Sets an own property even for a key such as "__proto__" (keys come from untrusted documents and member ids). */
export function setOwn(obj: object, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}
