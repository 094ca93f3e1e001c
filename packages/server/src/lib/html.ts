const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML content and attribute values (DOMAIN §15 rule 5). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

/** JSON that is safe inside a <script type="application/json"> element. */
export function jsonForScript(value: unknown): string {
  return jsonTextForScript(JSON.stringify(value));
}

/**
 * The same for JSON already serialized (a cached response text): `<`, `>` and `&` occur only inside
 * its strings, where their \u escapes mean the same, so no `</script>` or comment can close the element.
 */
export function jsonTextForScript(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}
