import { checkMediaFile, MEDIA_ACCEPT, UNSUPPORTED_MEDIA_MESSAGE } from './check-media-file';

const MB = 1024 * 1024;

describe('checkMediaFile', () => {
  it('accepts each kind within its limit', () => {
    expect(checkMediaFile({ name: 'a.jpg', type: 'image/jpeg', size: MB })).toEqual({ ok: true, kind: 'image' });
    expect(checkMediaFile({ name: 'a.mp4', type: 'video/mp4', size: 16 * MB })).toEqual({ ok: true, kind: 'video' });
    expect(checkMediaFile({ name: 'a.ogg', type: 'audio/ogg', size: 10 })).toEqual({ ok: true, kind: 'audio' });
    expect(checkMediaFile({ name: 'report.docx', type: '', size: 10 })).toEqual({ ok: true, kind: 'document' });
  });

  it('refuses other types and oversized files with a clear message', () => {
    expect(checkMediaFile({ name: 'a.gif', type: 'image/gif', size: 10 })).toEqual({ ok: false, message: UNSUPPORTED_MEDIA_MESSAGE });
    expect(checkMediaFile({ name: 'a.exe', type: '', size: 10 })).toEqual({ ok: false, message: UNSUPPORTED_MEDIA_MESSAGE });
    expect(checkMediaFile({ name: 'big.png', type: 'image/png', size: 6 * MB })).toEqual({
      ok: false,
      message: '"big.png" is too large (6.0 MB). An image can be at most 5.0 MB.',
    });
  });

  it('offers the documents by extension in the accept attribute', () => {
    expect(MEDIA_ACCEPT).toContain('image/jpeg');
    expect(MEDIA_ACCEPT).toContain('.pptx');
  });
});
