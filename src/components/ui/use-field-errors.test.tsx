import { useCallback, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { contactSchema } from '../../domain/contact-schema';
import { DataError } from '../../data/port';
import { renderWithProviders } from '../../testing/render';
import { serverFieldMessages, useFieldErrors } from './use-field-errors';
import arValidation from '../../../locales/ar/validation.json';
import enValidation from '../../../locales/en/validation.json';

const FIELDS = ['name', 'email', 'phone', 'message'] as const;
/** The order the form shows its fields in, which differs from the schema's on purpose. */
const SCREEN = ['message', 'name', 'email', 'phone'] as const;
type Field = (typeof FIELDS)[number];

/** A form as a screen builds one: the domain schema, the shared hook, plain inputs. */
function Form({ display, hintFor }: { display?: (key: string) => string; hintFor?: Field }) {
  const idFor = useCallback((field: Field) => `f-${field}`, []);
  const errors = useFieldErrors({ fields: SCREEN, idFor, display });
  const [values, setValues] = useState<Record<Field, string>>({
    name: 'Mona',
    email: '',
    phone: '',
    message: '',
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = contactSchema.safeParse(values);
        if (!parsed.success) errors.report(parsed.error);
      }}
    >
      {SCREEN.map((field) => (
        <div key={field}>
          <label htmlFor={idFor(field)}>{field}</label>
          <input
            {...errors.inputProps(field, { hint: field === hintFor })}
            value={values[field]}
            onChange={(event) => {
              setValues((current) => ({ ...current, [field]: event.target.value }));
              errors.clear(field);
            }}
          />
          {field === hintFor && <p id={`${idFor(field)}-hint`}>hint</p>}
          {errors.errorText(field)}
        </div>
      ))}
      <button type="button" onClick={() => errors.show({ phone: 'validation:phone.invalid' })}>
        server
      </button>
      <button type="submit">send</button>
    </form>
  );
}

describe('useFieldErrors', () => {
  it('shows one translated message per field, marks it invalid and describes it', async () => {
    const { user } = renderWithProviders(<Form hintFor="email" />, { language: 'en' });
    await user.click(screen.getByRole('button', { name: 'send' }));
    const email = screen.getByLabelText('email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAttribute('aria-describedby', 'f-email-error f-email-hint');
    expect(email).toHaveAccessibleDescription(`${enValidation.contact.phoneOrEmail} hint`);
    expect(screen.getByLabelText('phone')).toHaveAccessibleDescription(
      enValidation.contact.phoneOrEmail,
    );
    // A valid field says nothing.
    expect(screen.getByLabelText('name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('name')).not.toHaveAttribute('aria-describedby');
  });

  it('focuses the first field with a problem in screen order, not in the schema’s', async () => {
    const { user } = renderWithProviders(<Form />, { language: 'en' });
    await user.click(screen.getByRole('button', { name: 'send' }));
    expect(screen.getByLabelText('message')).toHaveFocus();
  });

  it('clears one field’s message as it changes, and leaves the others', async () => {
    const { user } = renderWithProviders(<Form />, { language: 'ar' });
    await user.click(screen.getByRole('button', { name: 'send' }));
    await user.type(screen.getByLabelText('email'), 'a');
    expect(screen.getByLabelText('email')).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByText(arValidation.contact.phoneOrEmail)).toHaveLength(1);
    expect(screen.getByLabelText('phone')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a server’s field messages and lets a form word a message its own way', async () => {
    const { user } = renderWithProviders(
      <Form
        display={(key) => (key === 'validation:phone.invalid' ? 'validation:common.invalid' : key)}
      />,
      { language: 'en' },
    );
    await user.click(screen.getByRole('button', { name: 'server' }));
    expect(screen.getByLabelText('phone')).toHaveFocus();
    expect(screen.getByLabelText('phone')).toHaveAccessibleDescription(enValidation.common.invalid);
  });

  it('maps an invalid-argument answer to the form’s own fields', () => {
    const error = new DataError('invalid-argument', 'invalid', {
      fields: { phone: 'validation:phone.invalid', isAdmin: 'validation:common.invalid' },
    });
    expect(serverFieldMessages(error, FIELDS)).toEqual({ phone: 'validation:phone.invalid' });
    expect(serverFieldMessages(new Error('x'), FIELDS)).toEqual({});
  });
});
