import { act, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validationMessages as m } from '@shared/messages/validation.js';
import { holdNextFetch } from '@client/testing/fetch-calls.js';
import { recoveryBodies, sentToRecovery } from '@client/testing/recovery-calls.js';
import { renderPage } from '@client/testing/render.js';
import { RecoveryForm, type RecoveryLook } from './recovery-form.js';
import { useRecoveryFlow, type RecoveryRules } from './use-recovery-flow.js';

afterEach(() => {
  vi.useRealTimers();
});

const LOOK: RecoveryLook = {
  labels: { email: 'Mail', recoveryCode: 'Code', password: 'Secret', confirmPassword: 'Again' },
  buttons: { EnterEmail: 'Send', EnterRecoveryCode: 'Check', EnterNewPassword: 'Save' },
  busy: { EnterEmail: 'Sending', EnterRecoveryCode: 'Checking', EnterNewPassword: 'Saving' },
  emailAutoComplete: 'email',
  className: 'form',
  skipClassName: 'link-button',
  messageAt: 'top',
};

const ANN = recoveryBodies({
  email: 'ann@example.com',
  recoveryCode: 'abcde-fghjk',
  password: 'NewPass123',
});

const ok =
  (message = 'OK') =>
  () => ({ status: 200, data: null, message });
const ALL_OK = {
  'POST /recovery/generate': ok('A code is on its way.'),
  'POST /recovery/validate': ok(),
  'POST /recovery/reset': ok(),
};

function Flow({ rules, onDone }: { rules: RecoveryRules; onDone?: () => void }) {
  const flow = useRecoveryFlow(rules, { initialEmail: 'ann@example.com', onDone });
  return (
    <>
      <RecoveryForm flow={flow} look={LOOK} intro={<p>On {flow.step}</p>} />
      {flow.step === 'Complete' && <p>Complete</p>}
      {flow.notice && <p>Notice: {flow.notice}</p>}
    </>
  );
}

function renderFlow(
  rules: RecoveryRules,
  api: Record<string, unknown> = ALL_OK,
  onDone?: () => void,
) {
  return renderPage(<Flow rules={rules} onDone={onDone} />, { api });
}

const press = (user: UserEvent, name: string) => user.click(screen.getByRole('button', { name }));
const field = (label: string) => screen.getByLabelText(label);

describe('the recovery flow', () => {
  it('sends, checks and resets with the trimmed code, each step focused on its first field', async () => {
    const user = userEvent.setup();
    const { fetch } = renderFlow({ report: 'each' });
    await waitFor(() => expect(field('Mail')).toHaveFocus());
    expect(field('Mail')).toHaveValue('ann@example.com');
    await press(user, 'Send');

    expect(await screen.findByText('On EnterRecoveryCode')).toBeInTheDocument();
    expect(sentToRecovery(fetch, 'generate')).toEqual(ANN.generate);
    expect(screen.getByText('Notice: A code is on its way.')).toBeInTheDocument();
    // The email is known: the code step does not ask for it again.
    expect(screen.queryByLabelText('Mail')).not.toBeInTheDocument();
    await waitFor(() => expect(field('Code')).toHaveFocus());
    // A new step says nothing before its own first submit.
    expect(field('Code')).not.toHaveAttribute('aria-invalid');
    await user.type(field('Code'), ' abcde-fghjk {Enter}');

    expect(await screen.findByText('On EnterNewPassword')).toBeInTheDocument();
    expect(sentToRecovery(fetch, 'validate')).toEqual(ANN.validate);
    await waitFor(() => expect(field('Secret')).toHaveFocus());
    await user.type(field('Secret'), 'NewPass123');
    await user.type(field('Again'), 'NewPass123{Enter}');

    expect(await screen.findByText('Complete')).toBeInTheDocument();
    expect(sentToRecovery(fetch, 'reset')).toEqual(ANN.reset);
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it("says the step's busy words, and takes no second press, while its call is on its way", async () => {
    const user = userEvent.setup();
    const { fetch } = renderFlow({ report: 'each' });
    const release = holdNextFetch(fetch);
    await press(user, 'Send');
    expect(screen.getByRole('button', { name: 'Sending' })).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Check' })).toBeEnabled();
  });

  it("with 'each', every field of the step shows its own message", async () => {
    const user = userEvent.setup();
    renderFlow({ report: 'each' });
    await press(user, 'Already have a recovery code?');
    await user.clear(field('Mail'));
    await press(user, 'Check');
    expect(field('Mail')).toHaveAccessibleDescription(m.emailRequired);
    expect(field('Code')).toHaveAccessibleDescription(m.recoveryCodeRequired);
    expect(field('Mail')).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('skips to the code step, which then asks for the email, as typed so far', async () => {
    const user = userEvent.setup();
    const { fetch } = renderFlow({ report: 'each' });
    await press(user, 'Already have a recovery code?');
    expect(screen.getByText('On EnterRecoveryCode')).toBeInTheDocument();
    expect(field('Mail')).toHaveValue('ann@example.com');
    await waitFor(() => expect(field('Mail')).toHaveFocus());
    expect(screen.queryByText(/^Notice/)).not.toBeInTheDocument();
    await user.type(field('Code'), 'ABCDE-FGHJK{Enter}');
    expect(await screen.findByText('On EnterNewPassword')).toBeInTheDocument();
    expect(sentToRecovery(fetch, 'generate')).toBeUndefined();
  });

  it("with 'first', says one problem at a time in the step's own words and marks its field", async () => {
    const user = userEvent.setup();
    renderFlow({
      report: 'first',
      texts: { EnterNewPassword: { [m.confirmPasswordRequired]: 'Fill both, please' } },
    });
    await press(user, 'Already have a recovery code?');
    await user.type(field('Code'), 'ABCDE-FGHJK{Enter}');
    await user.type(await screen.findByLabelText('Secret'), 'NewPass123');
    await press(user, 'Save');
    expect(screen.getByRole('alert')).toHaveTextContent('Fill both, please');
    expect(field('Again')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Again')).not.toHaveAccessibleDescription();
    expect(field('Secret')).not.toHaveAttribute('aria-invalid');
    expect(field('Again')).toHaveFocus();
  });

  it("shows the server's message when a call fails, until dismissed", async () => {
    const user = userEvent.setup();
    const refused = () => ({ status: 400, data: null, message: 'That code has expired.' });
    renderFlow({ report: 'each' }, { 'POST /recovery/validate': refused });
    await press(user, 'Already have a recovery code?');
    await user.type(field('Code'), 'ABCDE-FGHJK{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('That code has expired.');
    expect(screen.getByText('On EnterRecoveryCode')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('uses the fixed failure text of the step where the side gives one', async () => {
    const user = userEvent.setup();
    const failed = () => ({ status: 500, data: null, message: 'Boom' });
    renderFlow(
      {
        report: 'first',
        failures: { EnterEmail: 'Could not send', EnterRecoveryCode: 'x', EnterNewPassword: 'y' },
      },
      { 'POST /recovery/generate': failed },
    );
    await press(user, 'Send');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Could not send×?$/);
  });

  it('with a reset success text, shows it, sends nothing more, and ends when it hides', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const onDone = vi.fn();
    renderFlow({ report: 'first', messageMs: 3000, resetSuccess: 'All set' }, ALL_OK, onDone);
    await press(user, 'Already have a recovery code?');
    await user.type(field('Code'), 'ABCDE-FGHJK{Enter}');
    await user.type(await screen.findByLabelText('Secret'), 'NewPass123');
    await user.type(field('Again'), 'NewPass123{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('All set');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.queryByText('Complete')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2900));
    expect(onDone).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(200));
    expect(onDone).toHaveBeenCalledOnce();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
