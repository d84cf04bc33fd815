import { Download } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import type { QueryParams } from '../lib/api-client.ts';
import { downloadFile } from '../lib/download.ts';
import { Button } from './ui/button.tsx';

interface DownloadButtonProps {
  /** The API path of the file (an export). */
  path: string;
  params: QueryParams;
  /** The file's name when the server gives none. */
  fallbackName: string;
  /** The toast's title when it fails ('Não foi possível exportar os chamados.'). */
  failure: string;
  children: ReactNode;
}

/** A button that downloads a file of the API ('…' and busy meanwhile, a toast when it fails). */
export function DownloadButton({ path, params, fallbackName, failure, children }: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      await downloadFile(path, params, fallbackName);
    } catch (error) {
      toast.error(failure, { description: error instanceof Error ? error.message : undefined });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="secondary" pending={busy} pendingLabel="Exportando…" onClick={download}>
      <Download className="size-4" aria-hidden="true" />
      {children}
    </Button>
  );
}
