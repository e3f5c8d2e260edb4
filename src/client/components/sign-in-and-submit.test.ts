import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SubmitButton } from './form/form-dialog';
import { MISSING_FIELDS_TOAST, missingCredentials } from './sign-in-fields';
import { SIGN_UP_TEXTS } from '../features/landing/sign-up-dialog';

describe('sign-in: Missing fields', () => {
  it('is shown when either box is empty, not only when both are (customer and staff sign-in)', () => {
    expect(missingCredentials({ email: '', password: '' })).toBe(true);
    expect(missingCredentials({ email: 'a@b.co', password: '' })).toBe(true);
    expect(missingCredentials({ email: '   ', password: 'secret' })).toBe(true);
    expect(missingCredentials({ email: 'a@b.co', password: 'secret' })).toBe(false);
    expect(MISSING_FIELDS_TOAST).toEqual({
      title: 'Missing fields',
      description: 'Please enter both email and password',
    });
  });
});

describe('the submit button while the form is being sent', () => {
  const render = (pending: boolean) =>
    renderToStaticMarkup(
      createElement(SubmitButton, {
        pending,
        pendingLabel: SIGN_UP_TEXTS.pending,
        children: SIGN_UP_TEXTS.submit,
      }),
    );

  it("reads the sign-up's 'Creating Account...' while pending, 'Create Account' otherwise", () => {
    expect(SIGN_UP_TEXTS).toEqual({ submit: 'Create Account', pending: 'Creating Account...' });
    expect(render(true)).toContain('Creating Account...');
    expect(render(true)).not.toContain('>Create Account<');
    expect(render(true)).toContain('disabled');
    expect(render(false)).toContain('Create Account');
    expect(render(false)).not.toContain('Creating Account...');
  });

  it('keeps its label while pending when no pending label is given', () => {
    const html = renderToStaticMarkup(createElement(SubmitButton, { pending: true, children: 'Save' }));
    expect(html).toContain('Save');
  });
});
