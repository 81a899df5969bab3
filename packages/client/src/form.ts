// Request bodies of both APIs are `application/x-www-form-urlencoded`; a
// field left undefined is not sent at all (an update changes only what it gets).
export function formBody(body: unknown): string {
  const form = new URLSearchParams();
  if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body)) {
      if (value !== undefined && value !== null) form.append(key, String(value));
    }
  }
  return form.toString();
}
