import { htmlToText, renderTemplate } from './notification-templates';

describe('notification templates', () => {
  it('fills paths, escapes HTML in bodies and takes if/else branches', () => {
    const context = { transaction: { listing: { title: 'Sauna <3' } }, recipient: { 'first-name': 'Ann', 'is-provider': true } };
    expect(renderTemplate('New: {{transaction.listing.title}}', context, false)).toBe('New: Sauna <3');
    expect(renderTemplate('<p>{{transaction.listing.title}}</p>{{missing.path}}', context, true)).toBe('<p>Sauna &lt;3</p>');
    expect(renderTemplate('{{#if recipient.is-provider}}sale{{else}}order{{/if}}/{{#if nope}}x{{/if}}', context, false)).toBe('sale/');
    expect(htmlToText('<h1>Hi</h1><p>Go <a href="https://x/y">here</a> &amp; now</p>')).toBe('Hi\nGo here (https://x/y) & now');
  });
});
