import { Button } from '@client/components/ui/button.js';

/** 'Remove', named after its item for screen readers (the visible word stays in the name). */
export function RemoveButton({
  name,
  pending,
  onClick,
}: {
  name: string;
  pending: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      variant="secondary"
      className="account-liked__remove"
      aria-label={`Remove ${name}`}
      disabled={pending}
      onClick={onClick}
    >
      Remove
    </Button>
  );
}
