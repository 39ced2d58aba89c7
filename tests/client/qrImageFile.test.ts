import { describe, expect, it } from 'vitest';
import { canShareFile, dataUrlToBlob, qrFileName, qrPngBlob, shareFile, type FileSharer } from '../../src/client/deposit/qrImageFile';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('the QR image as a file to save or share (issue 27)', () => {
  it('reads a base64 data URL into its bytes and type', async () => {
    const blob = dataUrlToBlob(PNG)!;
    expect(blob.type).toBe('image/png');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });

  it('reads a percent-encoded SVG data URL, charset and all', async () => {
    const blob = dataUrlToBlob(`data:image/svg+xml;charset=utf-8,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"/>')}`)!;
    expect(blob.type).toBe('image/svg+xml');
    expect(await blob.text()).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });

  it('is no file when it is not a data URL', () => {
    expect(dataUrlToBlob('https://example.com/qr.png')).toBeNull();
    expect(dataUrlToBlob('data:image/png;base64,***')).toBeNull();
  });

  it('keeps the server PNG as it is', async () => {
    expect((await qrPngBlob(PNG)).type).toBe('image/png');
  });

  it('names the file by the amount', () => {
    expect(qrFileName(100)).toBe('qr-deposit-100.png');
    expect(qrFileName(150.5)).toBe('qr-deposit-150.5.png');
  });

  it('shares where the browser can share files, and says when the member closed the sheet', async () => {
    const file = new File([dataUrlToBlob(PNG)!], 'qr-deposit-100.png', { type: 'image/png' });
    const shared: ShareData[] = [];
    const phone: FileSharer = { canShare: (data) => Boolean(data.files?.length), share: async (data) => void shared.push(data) };
    expect(canShareFile(phone, file)).toBe(true);
    expect(await shareFile(phone, file, 'QR 100 baht')).toBe('shared');
    expect(shared[0]).toMatchObject({ files: [file], text: 'QR 100 baht' });

    expect(canShareFile({ share: phone.share }, file)).toBe(false);
    expect(canShareFile({ canShare: () => false, share: phone.share }, file)).toBe(false);
    expect(canShareFile(undefined, file)).toBe(false);

    const closed: FileSharer = { canShare: () => true, share: async () => Promise.reject(new DOMException('closed', 'AbortError')) };
    expect(await shareFile(closed, file, '')).toBe('dismissed');
    const broken: FileSharer = { canShare: () => true, share: async () => Promise.reject(new Error('NotAllowed')) };
    expect(await shareFile(broken, file, '')).toBe('failed');
  });
});
