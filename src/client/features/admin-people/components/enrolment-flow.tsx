import { useRef, useState } from 'react';
import { secondFactorUi as u } from '@shared/messages/second-factor-ui.js';
import type { TotpEnrolment } from '@shared/schemas/second-factor.js';
import { useConfirmEnrolment, useStartEnrolment } from '../api/second-factor.js';
import { BackupCodesView } from './backup-codes-view.js';
import { CodeForm } from './code-form.js';
import { PasswordAgainForm } from './password-again-form.js';

/**
 * Setting up the authenticator: the password again, then the QR code (and its key as text) with
 * the first code, then the backup codes once.
 */
export function EnrolmentFlow({ onClose }: { onClose: () => void }) {
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  if (confirm.data) return <BackupCodesView codes={confirm.data} onDone={onClose} />;
  if (!enrolment) {
    return (
      <PasswordAgainForm
        label={u.setUp}
        pending={start.isPending}
        error={start.error?.message}
        onSubmit={(password) =>
          start.mutate(password, {
            onSuccess: (started) => {
              setEnrolment(started);
              requestAnimationFrame(() => heading.current?.focus());
            },
          })
        }
        onCancel={onClose}
      />
    );
  }
  return (
    <div className="second-factor__enrol">
      <h3 ref={heading} tabIndex={-1}>
        {u.scanTitle}
      </h3>
      <div
        className="second-factor__qr"
        role="img"
        aria-label={u.scanAlt}
        // The server draws it (the qrcode library's SVG of the otpauth address): not user text.
        dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
      />
      <p>
        {u.secretLabel} <code className="second-factor__secret">{enrolment.secret}</code>
      </p>
      <CodeForm
        label={u.firstCode}
        submitLabel={u.turnOn}
        backup={false}
        pending={confirm.isPending}
        error={confirm.error?.message}
        onSubmit={(code) => confirm.mutate(code)}
        onCancel={onClose}
      />
    </div>
  );
}
