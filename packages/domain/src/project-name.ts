// How a stored project name is shown to people.

// Stored names start with 'YYYY-MM-DD-' so they sort by date; readers do not need it.
const PROJECT_NAME_PREFIX_LENGTH = 11;

export function projectDisplayName(name: string): string {
  return name.slice(PROJECT_NAME_PREFIX_LENGTH).replaceAll("-", " ");
}
