/** The absolute URL msw handlers match for an API path: `apiUrl('/contacts')`. */
export function apiUrl(path: string): string {
  return `${window.location.origin}/api${path}`;
}
