/** A count with its noun, as the app's text writes one: "1 file", "3 files", "2 businesses". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
