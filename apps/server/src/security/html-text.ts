/**
 * Text into HTML, for every page and email the server writes itself: the characters that could open
 * markup or end an attribute become character references, so a name or a translated sentence is
 * only ever text.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
