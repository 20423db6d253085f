import { describe, expect, it } from 'vitest';
import { rememberThemeForFirstPaint } from './themeCookie';

describe('the theme cookie the server writes the first screen in', () => {
  it('is set for a theme, for the whole site, and never for anything else', () => {
    const doc = { cookie: '' };
    rememberThemeForFirstPaint('light', doc);
    expect(doc.cookie).toBe('theme=light;path=/;max-age=31536000');
    rememberThemeForFirstPaint('dark', doc);
    expect(doc.cookie).toBe('theme=dark;path=/;max-age=31536000');
    rememberThemeForFirstPaint('"><script>', doc);
    rememberThemeForFirstPaint(undefined, doc);
    expect(doc.cookie).toBe('theme=dark;path=/;max-age=31536000');
  });
});
