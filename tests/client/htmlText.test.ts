import { describe, expect, it } from 'vitest';
import { htmlToText } from '../../src/client/format/htmlText';

describe('agreement html shown as text', () => {
  it('keeps the words and paragraph breaks, drops the markup', () => {
    expect(htmlToText('<p>Members must be <b>18</b> or older.</p><p>One account per person.</p>')).toBe(
      'Members must be 18 or older.\nOne account per person.',
    );
    expect(htmlToText('<ul><li>First</li><li>Second</li></ul>')).toBe('• First\n• Second');
    expect(htmlToText('Line one<br>Line two<br/>')).toBe('Line one\nLine two');
  });

  it('leaves nothing that could run or load', () => {
    const text = htmlToText('<p>Hi</p><script>alert(1)</script><img src=x onerror="alert(2)"><style>p{}</style><!-- note -->');
    expect(text).toBe('Hi');
  });

  it('decodes entities into plain characters (React escapes them again)', () => {
    expect(htmlToText('<p>Tom &amp; Jerry &lt;b&gt; &#3585;&#x0E02; &nbsp;end</p>')).toBe('Tom & Jerry <b> กข end');
    expect(htmlToText('&unknown; &#0;')).toBe('&unknown; &#0;');
  });

  it('reads Thai and Lao text untouched', () => {
    expect(htmlToText('<p>สมาชิกต้องมีอายุ 18 ปีบริบูรณ์ขึ้นไป</p>')).toBe('สมาชิกต้องมีอายุ 18 ปีบริบูรณ์ขึ้นไป');
    expect(htmlToText('<p>ໜຶ່ງຄົນສະໝັກໄດ້ໜຶ່ງບັນຊີເທົ່ານັ້ນ</p>')).toBe('ໜຶ່ງຄົນສະໝັກໄດ້ໜຶ່ງບັນຊີເທົ່ານັ້ນ');
  });
});
