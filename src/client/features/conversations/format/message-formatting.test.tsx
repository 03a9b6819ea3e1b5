import { render } from '@testing-library/react';
import { formatMessageText } from './message-formatting';

/** The markup a message's text renders to, without MUI's generated class names. */
function markup(text: string): string {
  const { container } = render(<p>{formatMessageText(text)}</p>);
  container.querySelectorAll('[class]').forEach((element) => element.removeAttribute('class'));
  return container.querySelector('p')!.innerHTML;
}

const link = (href: string, text = href) => `<a href="${href}" target="_blank" rel="noopener noreferrer">${text}</a>`;

describe('message formatting', () => {
  it('makes http and https addresses links that open in a new tab, leaving punctuation after them out', () => {
    expect(markup('See https://example.com/a_b?q=1.')).toBe(`See ${link('https://example.com/a_b?q=1')}.`);
    expect(markup('(http://example.com/x) or https://en.wikipedia.org/wiki/Tea_(drink)')).toBe(
      `(${link('http://example.com/x')}) or ${link('https://en.wikipedia.org/wiki/Tea_(drink)')}`,
    );
  });

  it('links no other scheme: javascript:, data: and the like stay text', () => {
    expect(markup('javascript:alert(1)')).toBe('javascript:alert(1)');
    expect(markup('click javascript://https://example.com')).toBe('click javascript://https://example.com');
    expect(markup('data:text/html,<b>x</b> ftp://example.com https://')).toBe('data:text/html,&lt;b&gt;x&lt;/b&gt; ftp://example.com https://');
  });

  it('renders each of WhatsApp’s markers', () => {
    expect(markup('a *bold* word')).toBe('a <strong>bold</strong> word');
    expect(markup('an _italic_ word')).toBe('an <em>italic</em> word');
    expect(markup('a ~struck~ word')).toBe('a <s>struck</s> word');
    expect(markup('run ```npm *start*``` now')).toBe('run <code>npm *start*</code> now');
    expect(markup('*Order _#42_ is ready:* https://shop.example/o/42')).toBe(
      `<strong>Order <em>#42</em> is ready:</strong> ${link('https://shop.example/o/42')}`,
    );
    expect(markup('_https://example.com/a_b_')).toBe(`<em>${link('https://example.com/a_b')}</em>`);
  });

  it('follows WhatsApp’s rules: markers wrap non-space text on one line, at word edges', () => {
    expect(markup('2 * 3 * 4')).toBe('2 * 3 * 4');
    expect(markup('* not bold*')).toBe('* not bold*');
    expect(markup('*not bold *')).toBe('*not bold *');
    expect(markup('snake_case_name')).toBe('snake_case_name');
    expect(markup('**')).toBe('**');
    expect(markup('*two\nlines*')).toBe('*two\nlines*');
  });

  it('never reads HTML: tags and entities show as typed', () => {
    expect(markup('<script>alert("x")</script> <b>hi</b> &amp;')).toBe('&lt;script&gt;alert("x")&lt;/script&gt; &lt;b&gt;hi&lt;/b&gt; &amp;amp;');
    expect(markup('*<img src=x onerror=alert(1)>*')).toBe('<strong>&lt;img src=x onerror=alert(1)&gt;</strong>');
  });
});
