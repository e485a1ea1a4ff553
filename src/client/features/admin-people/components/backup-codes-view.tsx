import { secondFactorUi as u } from '@shared/messages/second-factor-ui.js';
import { Button } from '@client/components/ui/button.js';
import { useSiteConfig } from '@client/lib/site-config.js';

/** Offers the codes as a text file, one per line, named after the site. */
function download(brand: string, codes: readonly string[]) {
  const text = [`${brand} backup codes`, '', ...codes, ''].join('\n');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${brand.toLowerCase()}-backup-codes.txt`;
  link.click();
  URL.revokeObjectURL(url);
}

/** The backup codes, shown once right after they are made. */
export function BackupCodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { brand } = useSiteConfig();
  return (
    <section className="second-factor__codes" aria-labelledby="backup-codes-title">
      <h3 id="backup-codes-title">{u.codesTitle}</h3>
      <p>{u.codesIntro}</p>
      <ol className="second-factor__code-list" aria-label={u.codesTitle}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="second-factor__actions">
        <Button variant="secondary" onClick={() => download(brand, codes)}>
          {u.download}
        </Button>
        <Button onClick={onDone}>{u.done}</Button>
      </div>
    </section>
  );
}
