import { describe, expect, it } from 'vitest';
import { checkPhotoImage, checkPhotoPost } from '../../../../sandbox/publish/photo-rules.js';
import { isVerifiedUrl } from '../../../../sandbox/publish/verified-url.js';

describe('photo post rules', () => {
  const one = ['https://cdn.example/a.jpg'];
  it('1-35 images, cover index inside the list, title <= 90 and description <= 4000 characters', () => {
    expect(checkPhotoPost({ photo_images: one })).toEqual({ ok: true });
    expect(checkPhotoPost({ photo_images: Array(35).fill('u') as string[], photo_cover_index: 34, title: 't'.repeat(90), description: 'd'.repeat(4000) })).toEqual({ ok: true });
    expect(checkPhotoPost({ photo_images: [] }).ok).toBe(false);
    expect(checkPhotoPost({ photo_images: Array(36).fill('u') as string[] }).ok).toBe(false);
    expect(checkPhotoPost({ photo_images: one, photo_cover_index: 1 }).ok).toBe(false);
    expect(checkPhotoPost({ photo_images: one, photo_cover_index: -1 }).ok).toBe(false);
    expect(checkPhotoPost({ photo_images: one, title: 't'.repeat(91) }).ok).toBe(false);
    expect(checkPhotoPost({ photo_images: one, description: 'd'.repeat(4001) }).ok).toBe(false);
    expect(checkPhotoPost({ photo_images: one, title: '😀'.repeat(90) })).toEqual({ ok: true });
  });

  it('each image: JPEG or WebP, <= 20 MB, short side <= 1080 px', () => {
    const image = (width: number, height: number) => ({ kind: 'image' as const, format: 'jpeg' as const, width, height });
    expect(checkPhotoImage(image(1080, 5000), 1000, 0)).toMatchObject({ ok: true });
    expect(checkPhotoImage(image(5000, 1080), 1000, 0)).toMatchObject({ ok: true });
    expect(checkPhotoImage(image(1081, 1081), 1000, 2)).toMatchObject({ ok: false, fail_reason: 'picture_size_check_failed', detail: expect.stringContaining('photo_images[2]') });
    expect(checkPhotoImage(image(100, 100), 20 * 1024 * 1024 + 1, 0)).toMatchObject({ ok: false, fail_reason: 'picture_size_check_failed' });
    expect(checkPhotoImage({ kind: 'unsupported', format: 'png' }, 100, 0)).toMatchObject({ ok: false, fail_reason: 'file_format_check_failed' });
    expect(checkPhotoImage({ kind: 'truncated' }, 100, 0)).toMatchObject({ ok: false, fail_reason: 'file_format_check_failed' });
  });
});

describe('verified URL prefixes', () => {
  const prefixes = ['https://cdn.example.com/videos/', 'http://127.0.0.1:4000/sandbox/media/', 'https://whole.example'];
  it('compares origin and path prefix on parsed URLs', () => {
    expect(isVerifiedUrl('https://cdn.example.com/videos/a.mp4', prefixes)).toBe(true);
    expect(isVerifiedUrl('https://whole.example/any/path.jpg', prefixes)).toBe(true);
    expect(isVerifiedUrl('http://127.0.0.1:4000/sandbox/media/sample.mp4?bytes=10', prefixes)).toBe(true);
    expect(isVerifiedUrl('https://cdn.example.com/other/a.mp4', prefixes)).toBe(false);
    expect(isVerifiedUrl('https://cdn.example.com/videos/../other/a.mp4', prefixes)).toBe(false);
    expect(isVerifiedUrl('https://cdn.example.com.evil.net/videos/a.mp4', prefixes)).toBe(false);
    expect(isVerifiedUrl('https://whole.example.evil.net/a.jpg', prefixes)).toBe(false);
    expect(isVerifiedUrl('http://cdn.example.com/videos/a.mp4', prefixes)).toBe(false);
    expect(isVerifiedUrl('http://127.0.0.1:4001/sandbox/media/sample.mp4', prefixes)).toBe(false);
    expect(isVerifiedUrl('https://user:pw@cdn.example.com/videos/a.mp4', prefixes)).toBe(false);
    expect(isVerifiedUrl('file:///etc/passwd', prefixes)).toBe(false);
    expect(isVerifiedUrl('not a url', prefixes)).toBe(false);
  });
});
