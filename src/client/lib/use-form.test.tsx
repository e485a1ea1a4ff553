import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { validationMessages as m } from '@shared/messages/validation.js';
import { loginBody } from '@shared/schemas/auth.js';
import { createAdminBody } from '@shared/schemas/people.js';
import { splitAdminName } from '@shared/validation.js';
import { FormField } from '@client/components/ui/form-field.js';
import { ApiError } from './api-client.js';
import { confirmationRule } from './confirmation-rule.js';
import { useForm, type FormRules, type Problem } from './use-form.js';

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Go' }));
const field = (label: string) => screen.getByLabelText(label);

/** Sign-in's fields, with what the form did recorded. */
function LoginForm({
  onValid = () => undefined,
  serverError,
  report,
  refusals,
}: {
  onValid?: (values: { email: string; password: string }) => void;
  serverError?: unknown;
  report?: 'each' | 'first';
  refusals?: Record<string, 'email' | 'password'>;
}) {
  const form = useForm({ email: '', password: '' }, { schema: loginBody, report, refusals });
  const [placed, setPlaced] = useState<boolean | null>(null);
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <FormField label="Email" {...form.bind('email')} />
      <FormField label="Password" {...form.bind('password')} />
      <button type="submit">Go</button>
      <button type="button" onClick={() => setPlaced(form.showServerError(serverError))}>
        Refuse
      </button>
      <button type="button" onClick={() => form.reset()}>
        Reset
      </button>
      {placed !== null && <p>placed: {String(placed)}</p>}
    </form>
  );
}

describe('useForm with a shared schema', () => {
  it("says nothing before the first submit, then shows the schema's own messages", async () => {
    const onValid = vi.fn();
    render(<LoginForm onValid={onValid} />);
    await userEvent.type(field('Email'), 'bob');
    expect(field('Email')).not.toHaveAccessibleDescription();
    expect(field('Email')).not.toHaveAttribute('aria-invalid');
    await submit();
    expect(field('Email')).toHaveAccessibleDescription(m.emailInvalidLogin);
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Password')).toHaveAccessibleDescription(m.passwordRequired);
    expect(onValid).not.toHaveBeenCalled();
  });

  it('after a submit, the messages follow the typing both ways', async () => {
    render(<LoginForm />);
    await submit();
    expect(field('Email')).toHaveAccessibleDescription(m.emailRequired);
    await userEvent.type(field('Email'), 'user');
    expect(field('Email')).not.toHaveAccessibleDescription();
    await userEvent.clear(field('Email'));
    expect(field('Email')).toHaveAccessibleDescription(m.emailRequired);
  });

  it('hands the values over when every field is valid', async () => {
    const onValid = vi.fn();
    render(<LoginForm onValid={onValid} />);
    await userEvent.type(field('Email'), 'ann@example.com');
    await userEvent.type(field('Password'), 'secret');
    await submit();
    expect(onValid).toHaveBeenCalledWith({ email: 'ann@example.com', password: 'secret' });
  });

  it('reset forgets the values and the submit', async () => {
    render(<LoginForm />);
    await userEvent.type(field('Email'), 'bob');
    await submit();
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(field('Email')).toHaveValue('');
    expect(field('Email')).not.toHaveAccessibleDescription();
  });
});

describe('useForm focus', () => {
  /** The schema checks the email first; this page asks for the password first. */
  function PasswordFirst() {
    const form = useForm({ email: '', password: '' }, { schema: loginBody });
    return (
      <form noValidate onSubmit={form.handleSubmit(() => undefined)}>
        <FormField label="Password" {...form.bind('password')} />
        <FormField label="Email" {...form.bind('email')} />
        <button type="submit">Go</button>
      </form>
    );
  }

  it('goes to the first field at fault in page order', async () => {
    render(<PasswordFirst />);
    await submit();
    expect(field('Password')).toHaveFocus();
    await userEvent.type(field('Password'), 'secret');
    await submit();
    expect(field('Email')).toHaveFocus();
  });
});

describe('useForm and the API refusing a field', () => {
  it('shows a 400 naming a field on that field, focuses it, and drops it once the field changes', async () => {
    const refusal = new ApiError(400, 'email must be at most 254 characters');
    render(<LoginForm serverError={refusal} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(screen.getByText('placed: true')).toBeInTheDocument();
    expect(field('Email')).toHaveAccessibleDescription('email must be at most 254 characters');
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Email')).toHaveFocus();
    await userEvent.type(field('Email'), 'x');
    expect(field('Email')).not.toHaveAccessibleDescription();
  });

  it("shows a 400 naming a field by its label (the API's words for typed fields) on that field", async () => {
    const refusal = new ApiError(400, 'Password must be at most 128 characters');
    render(<LoginForm serverError={refusal} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(screen.getByText('placed: true')).toBeInTheDocument();
    expect(field('Password')).toHaveAccessibleDescription(refusal.message);
    expect(field('Password')).toHaveFocus();
    expect(field('Email')).not.toHaveAttribute('aria-invalid');
  });

  it('shows a refusal tied to a field by its text (refusals) on that field, whatever its status', async () => {
    const refusal = new ApiError(409, 'That one is taken.');
    render(<LoginForm serverError={refusal} refusals={{ 'That one is taken.': 'email' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(screen.getByText('placed: true')).toBeInTheDocument();
    expect(field('Email')).toHaveAccessibleDescription('That one is taken.');
  });

  it('shows the refusal under its field even where the form reports one problem at a time', async () => {
    const refusal = new ApiError(400, 'Password must be at most 128 characters');
    render(<LoginForm serverError={refusal} report="first" />);
    await submit();
    // The form's own checks stay in its message area...
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Email')).not.toHaveAccessibleDescription();
    await userEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    // ...but only the API knows this one, so it says so where the field is.
    expect(field('Password')).toHaveAccessibleDescription(refusal.message);
  });

  it.each([
    ['a refusal naming no field of the form', new ApiError(400, 'Unknown field in body: x')],
    ['a 409', new ApiError(409, 'email is taken')],
    ['a failure that is no API answer', new Error('email went missing')],
  ])('leaves %s to the form', async (_, error) => {
    render(<LoginForm serverError={error} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(screen.getByText('placed: false')).toBeInTheDocument();
    expect(field('Email')).not.toHaveAttribute('aria-invalid');
  });
});

/** The new-admin form: other names than the body's, its own words, one problem at a time. */
function NewAdmin({
  onInvalid,
  rules = {},
}: {
  onInvalid: (first: Problem<string>, errors: Partial<Record<string, string>>) => void;
  rules?: Partial<FormRules<typeof EMPTY_ADMIN>>;
}) {
  const form = useForm(EMPTY_ADMIN, {
    schema: createAdminBody,
    body: ({ name, email, password }) => ({ ...splitAdminName(name), email, password }),
    rename: { firstName: 'name' },
    texts: { [m.emailRequired]: m.emailInvalidAdmin },
    refine: confirmationRule<keyof typeof EMPTY_ADMIN>({ field: 'confirm', of: 'password' }),
    report: 'first',
    ...rules,
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(() => undefined, onInvalid)}>
      <FormField label="Name" {...form.bind('name')} />
      <FormField label="Email" {...form.bind('email')} />
      <FormField label="Password" {...form.bind('password')} />
      <FormField label="Confirm" {...form.bind('confirm')} />
      <button type="submit">Go</button>
    </form>
  );
}
const EMPTY_ADMIN = { name: '', email: '', password: '', confirm: '' };

describe("useForm reporting the first problem ('first')", () => {
  it('reports one problem, in its own words and under the form’s name for the field', async () => {
    const onInvalid = vi.fn();
    render(<NewAdmin onInvalid={onInvalid} />);
    await submit();
    expect(onInvalid).toHaveBeenLastCalledWith(
      { field: 'name', message: m.adminNoName },
      // Every problem is handed over too, for a form that words several at once.
      { name: m.adminNoName, email: m.emailInvalidAdmin, password: m.passwordRequired },
    );
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Name')).toHaveFocus();
    // One problem at a time, and its text is the form's to show.
    expect(field('Email')).not.toHaveAttribute('aria-invalid');
    expect(field('Name')).not.toHaveAccessibleDescription();

    await userEvent.type(field('Name'), 'Grace');
    expect(field('Name')).not.toHaveAttribute('aria-invalid');
    await submit();
    expect(onInvalid.mock.lastCall?.[0]).toEqual({ field: 'email', message: m.emailInvalidAdmin });
    expect(field('Email')).toHaveFocus();
  });

  it("adds the form's own rules to the schema's", async () => {
    const onInvalid = vi.fn();
    render(<NewAdmin onInvalid={onInvalid} />);
    await userEvent.type(field('Name'), 'Grace');
    await userEvent.type(field('Email'), 'grace@example.com');
    await userEvent.type(field('Password'), 'Navy-Pass1');
    await userEvent.type(field('Confirm'), 'Navy-Pass2');
    await submit();
    expect(onInvalid.mock.lastCall?.[0]).toEqual({
      field: 'confirm',
      message: m.passwordsDoNotMatch,
    });
  });

  it('marks without a message the fields whose text the form shows once (formTexts)', async () => {
    render(
      <NewAdmin
        onInvalid={() => undefined}
        rules={{ report: 'each', formTexts: [m.adminNoName] }}
      />,
    );
    await submit();
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Name')).not.toHaveAccessibleDescription();
    expect(field('Email')).toHaveAccessibleDescription(m.emailInvalidAdmin);
  });
});

describe('useForm beyond text', () => {
  function Choices({ onValid }: { onValid: (values: typeof CHOICES) => void }) {
    const form = useForm(CHOICES, { schema: z.object({ about: z.string() }) });
    return (
      <form noValidate onSubmit={form.handleSubmit(onValid)}>
        <label>
          <input type="checkbox" {...form.checkbox('newsletter')} />
          News
        </label>
        <label>
          <input type="radio" {...form.radio('featured', '1')} />
          Featured
        </label>
        <label>
          <input type="radio" {...form.radio('featured', '0')} />
          Not Featured
        </label>
        <label htmlFor="about">About</label>
        <textarea id="about" {...form.bind('about')} />
        <label htmlFor="size">Size</label>
        <select id="size" {...form.bind('size')}>
          <option value="s">S</option>
          <option value="l">L</option>
        </select>
        <button type="submit">Go</button>
      </form>
    );
  }
  const CHOICES = { newsletter: true, featured: '0' as '1' | '0', about: '', size: 's' };

  it('keeps checkboxes as booleans and radios, textareas and selects as their values', async () => {
    const onValid = vi.fn();
    render(<Choices onValid={onValid} />);
    expect(screen.getByRole('checkbox', { name: 'News' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Not Featured' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'News' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Featured' }));
    await userEvent.type(field('About'), 'Two\nlines');
    await userEvent.selectOptions(field('Size'), 'l');
    await submit();
    expect(onValid).toHaveBeenCalledWith({
      newsletter: false,
      featured: '1',
      about: 'Two\nlines',
      size: 'l',
    });
  });
});
