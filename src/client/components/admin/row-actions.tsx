import { Link } from 'react-router';
import { EditIcon, TrashIcon } from './icons.js';
import './admin.css';

/** A row's edit icon: a link to the item's editor, named after the item. */
export function EditLink({ to, name }: { to: string; name: string }) {
  return (
    <Link className="icon-button" to={to} aria-label={`Edit ${name}`} title="Edit">
      <EditIcon />
    </Link>
  );
}

/** A row's delete icon: opens the confirm dialog for the item it names. */
export function DeleteButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <button
      type="button"
      className="icon-button icon-button--danger"
      aria-label={`Delete ${name}`}
      aria-haspopup="dialog"
      title="Delete"
      onClick={onClick}
    >
      <TrashIcon />
    </button>
  );
}
