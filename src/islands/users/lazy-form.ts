import { useRef, useState } from 'react';
import { toast } from '../../lib/toast';

type FormModule = typeof import('./user-form');

/**
 * The user form loads on first use (it stays out of the page's first JavaScript): `show` loads it and opens the
 * dialog; closing it returns the focus to the button that opened it.
 */
export function useLazyUserForm() {
  const [form, setForm] = useState<FormModule | null>(null);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const show = () =>
    void import('./user-form').then(
      (m) => (setForm(m), setOpen(true)),
      () => toast.error('Could not load the form. Check your connection and try again.'),
    );
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) setTimeout(() => trigger.current?.focus());
  };
  return { form, open, show, onOpenChange, trigger };
}
