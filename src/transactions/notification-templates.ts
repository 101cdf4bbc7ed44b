/**
 * The processes' email templates, rendered with the subset of Handlebars they use: `{{a.b}}` (HTML-escaped in
 * the body), `{{#if a.b}}…{{else}}…{{/if}}` (no nesting of the same block). Unknown paths render empty.
 */
export type TemplateContext = Record<string, unknown>;

const lookup = (context: TemplateContext, path: string): unknown =>
  path.split('.').reduce<unknown>((v, key) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), context);

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const truthy = (v: unknown): boolean => !(v === undefined || v === null || v === false || v === '' || v === 0 || (Array.isArray(v) && v.length === 0));

export const renderTemplate = (template: string, context: TemplateContext, html: boolean): string =>
  template
    .replace(/\{\{#if ([\w.-]+)\}\}([\s\S]*?)(?:\{\{else\}\}([\s\S]*?))?\{\{\/if\}\}/g, (_m, path: string, yes: string, no = '') => (truthy(lookup(context, path)) ? yes : no))
    .replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (_m, path: string) => {
      const value = lookup(context, path);
      const text = value === undefined || value === null ? '' : String(value);
      return html ? escapeHtml(text) : text;
    });

/** The plain-text form of a rendered HTML body (the mail port carries text). */
export const htmlToText = (html: string): string =>
  html
    .replace(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, '$2 ($1)')
    .replace(/<\/(p|h\d|div|li)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n');
