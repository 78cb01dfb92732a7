import { describe, expect, it } from 'vitest';
import { negotiateLanguage } from './language.ts';

const supported = ['en', 'ro'];

describe('negotiateLanguage', () => {
  it('takes the first supported language part, in quality order', () => {
    expect(negotiateLanguage('ro-RO,ro;q=0.9,en-US;q=0.8,en;q=0.7', supported)).toBe('ro');
    expect(negotiateLanguage('en-US,en;q=0.9,ro;q=0.8', supported)).toBe('en');
    expect(negotiateLanguage('fr-FR,fr;q=0.9,ro;q=0.8,en;q=0.5', supported)).toBe('ro');
    expect(negotiateLanguage('en;q=0.5, ro;q=0.8', supported)).toBe('ro');
    expect(negotiateLanguage('RO', supported)).toBe('ro');
  });

  it('keeps the header order between equal qualities and skips q=0', () => {
    expect(negotiateLanguage('ro;q=0.8,en;q=0.8', supported)).toBe('ro');
    expect(negotiateLanguage('ro;q=0,en;q=0.1', supported)).toBe('en');
  });

  it('answers null for no header, nothing supported or a malformed one', () => {
    expect(negotiateLanguage(undefined, supported)).toBeNull();
    expect(negotiateLanguage('', supported)).toBeNull();
    expect(negotiateLanguage('fr,de;q=0.5', supported)).toBeNull();
    expect(negotiateLanguage('*', supported)).toBeNull();
    expect(negotiateLanguage(';;;,q=,', supported)).toBeNull();
    expect(negotiateLanguage(`ro;q=abc,${'x'.repeat(2000)}`, supported)).toBeNull();
  });
});
