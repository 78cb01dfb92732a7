import { describe, expect, it } from 'vitest';
import { prerenderPage } from './prerender.tsx';

describe('prerenderPage (the build renders the sign-in page in Node)', () => {
  it('renders the sign-in form with exactly the styles it uses, in each language', async () => {
    const english = await prerenderPage('/login', 'en');
    expect(english.html).toContain('<h1');
    expect(english.html).toMatch(/<input[^>]*type="email"[^>]*name="email"/);
    expect(english.html).toMatch(/<input[^>]*type="password"/);
    expect(english.html).toContain('Log in');
    // Until the app runs, the submit button is disabled and the form cannot send anything.
    expect(english.html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
    expect(english.html).toMatch(/<form[^>]*method="dialog"/);
    // The lazy screen was resolved inside its Suspense boundary, which the browser hydrates.
    expect(english.html.startsWith('<!--$-->')).toBe(true);
    const classes = new Set([...english.html.matchAll(/\bcss-([a-z0-9]+)/g)].map((match) => match[1]));
    expect(classes.size).toBeGreaterThan(5);
    // css-0 is emotion's class for no styles.
    for (const name of classes) if (name !== '0') expect(english.styles, name).toContain(`.css-${name}`);
    expect(english.styles).toContain('data-emotion="css-global');

    const romanian = await prerenderPage('/login', 'ro');
    expect(romanian.html).toContain('Bine ai revenit');
    expect(romanian.html).not.toContain('Welcome back');
    expect(english.html).toContain('Welcome back');
    expect(english.title).toBe('Log in · Convene');
    expect(romanian.title).toBe('Autentificare · Convene');
  });
});
