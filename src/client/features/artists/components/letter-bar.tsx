const LETTERS = Array.from({ length: 26 }, (_, index) => String.fromCharCode(65 + index));

/** The A-Z bar of the Full Catalog; the letter being shown is pressed. */
export function LetterBar({
  selected,
  onSelect,
}: {
  selected: string | null;
  onSelect: (letter: string) => void;
}) {
  return (
    <div className="letter-bar" role="group" aria-label="Browse artists by first letter">
      {LETTERS.map((letter) => (
        <button
          key={letter}
          type="button"
          className="letter-bar__letter"
          aria-pressed={selected === letter}
          onClick={() => onSelect(letter)}
        >
          {letter}
        </button>
      ))}
    </div>
  );
}
