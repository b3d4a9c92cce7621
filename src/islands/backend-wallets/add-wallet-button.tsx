import { Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast';
import type { Mode } from '../../shared/routes';

type DialogModule = typeof import('./add-wallet-dialog');
const load = () => import('./add-wallet-dialog');

/**
 * "Add backend wallet": the dialog (and viem's address checksum) loads on first use, or already when the button is
 * hovered or focused; closing it returns the focus here.
 */
export function AddWalletButton({ apiPath, mode }: { apiPath: string; mode: Mode }) {
  const [form, setForm] = useState<DialogModule | null>(null);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const show = () =>
    void load().then(
      (m) => (setForm(m), setOpen(true)),
      () => toast.error('Could not load the form. Check your connection and try again.'),
    );
  const warm = () => void load().catch(() => {});
  return (
    <>
      <Button ref={trigger} size="toolbar" aria-haspopup="dialog" onClick={show} onPointerEnter={warm} onFocus={warm}>
        <Plus className="h-4 w-4" aria-hidden />
        Add backend wallet
      </Button>
      {form && (
        <form.AddWalletDialog
          apiPath={apiPath}
          mode={mode}
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            if (!next) setTimeout(() => trigger.current?.focus());
          }}
        />
      )}
    </>
  );
}
